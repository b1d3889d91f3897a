import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { PushMessage } from '../notifications/web-push.ts';

/** A browser's side of a push subscription: its endpoint at the stand-in and the keys it decrypts with. */
export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** http_ece: the encryption (RFC 8188) web-push uses, which the browser undoes; it has no types. */
const { decrypt } = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
};

/** A throwaway self-signed certificate for 127.0.0.1 (push services speak https only). */
function localCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'push-stand-in-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A local push service stand-in: an https server on a free port (its own certificate, which only
 * `agent` trusts: the sender is given it through WebPushConfig.agent) that takes web-push's requests as a
 * push service would (201), or answers 410 to endpoints under /gone/, as a service does for a
 * subscription that no longer exists. It keeps what it received, for the test to decrypt with the
 * device's private key (as the browser would).
 */
export function usePushStandIn() {
  let server: Server;
  let origin = '';
  const received: ReceivedPush[] = [];
  const standIn = { received, agent: undefined as unknown as Agent };
  beforeAll(async () => {
    const { key, cert } = localCertificate();
    standIn.agent = new Agent({ ca: cert });
    server = createServer({ key, cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(path.startsWith('/gone/') ? 410 : 201).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    standIn.agent.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  let count = 0;
  return {
    ...standIn,
    /** The agent that trusts the stand-in's certificate (read it in tests and hooks). */
    get agent() {
      return standIn.agent;
    },
    /** A new device whose endpoint is at the stand-in (`gone`: the stand-in answers 410 there). */
    device({ gone = false } = {}): TestDevice {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      return {
        endpoint: `${origin}/${gone ? 'gone' : 'push'}/device-${++count}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        ecdh,
        authSecret,
      };
    },
    /** What reached this device so far, decrypted. */
    messagesTo(device: TestDevice): PushMessage[] {
      const path = new URL(device.endpoint).pathname;
      return received
        .filter((push) => push.path === path)
        .map((push) => JSON.parse(decrypt(push.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.authSecret }).toString('utf8')) as PushMessage);
    },
  };
}
