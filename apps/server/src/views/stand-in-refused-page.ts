/** Said to a client the stand-ins refuse (JSON), and shown on the page (HTML). */
export const STAND_IN_REFUSED = {
  title: 'Only on this computer',
  message:
    "This server's local sign-in and checkout stand-ins only answer requests made on the server's own computer. Open the app there, or ask whoever runs it to configure Google sign-in and Polar.",
} as const;

/** The page a local stand-in answers a browser on another computer with (plugins/stand-ins.ts). */
export function standInRefusedPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${STAND_IN_REFUSED.title}</title>
<style>
  body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f1f3f5;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#212529}
  main{width:min(440px,92vw);background:#fff;border-radius:12px;box-shadow:0 6px 24px rgba(0,0,0,.08);padding:32px}
  h1{font-size:22px;margin:0 0 12px} p{margin:0;background:#fff5f5;color:#c92a2a;border-radius:8px;padding:10px 12px}
</style></head>
<body><main>
  <h1>${STAND_IN_REFUSED.title}</h1>
  <p role="alert">${STAND_IN_REFUSED.message}</p>
</main></body></html>`;
}
