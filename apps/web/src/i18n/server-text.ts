import i18n from 'i18next';
import { numberFormat } from '../lib/format.ts';
import { currentLanguage } from './locale.ts';

/**
 * The server speaks English: its refusals, the schemas' messages and the shared `*_MESSAGES`
 * constants. Outside English they are looked up in the `server` namespace (ar/server.json, loaded
 * with the other Arabic catalogs), keyed by the English with every run of digits written {{n0}},
 * {{n1}}, … and the numbers put back in the interface's own digits. A key may also hold {{s0}} (text
 * kept as sent: a username) or {{m0}} (a message of its own, translated in turn: the server's reason
 * in 'Error creating event: …'). A message with no entry stays as it came.
 */
export function serverText(message: string): string {
  if (currentLanguage() === 'en') return message;
  return translate(message) ?? message;
}

/**
 * A form resolver whose messages (the shared schemas' English) come out in the interface's
 * language. They are translated when the form validates: a language change shows at the next check.
 */
export function withServerText<V, E extends Record<string, unknown>>(resolve: (values: V) => E): (values: V) => E {
  return (values) => {
    const errors: Record<string, unknown> = { ...resolve(values) };
    for (const [field, error] of Object.entries(errors)) if (typeof error === 'string') errors[field] = serverText(error);
    return errors as E;
  };
}

const LOOKUP = { ns: 'server', keySeparator: false, nsSeparator: false, interpolation: { escapeValue: false } } as const;
const DIGITS = /\d+/g;
const PLACEHOLDER = /\{\{([nsm]\d+)\}\}/;

function translate(message: string): string | null {
  const numbers: Record<string, string> = {};
  let count = 0;
  const template = message.replace(DIGITS, (run) => {
    const name = `n${count++}`;
    numbers[name] = formatDigits(run);
    return `{{${name}}}`;
  });
  if (i18n.exists(template, LOOKUP)) return i18n.t(template, { ...LOOKUP, ...numbers });
  for (const { key, pattern, names } of patterns()) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string> = {};
    names.forEach((name, i) => {
      const part = match[i + 1]!;
      values[name] = name[0] === 'n' ? formatDigits(part) : name[0] === 'm' ? (translate(part) ?? part) : part;
    });
    return i18n.t(key, { ...LOOKUP, ...values });
  }
  return null;
}

/** A run of digits in the interface's numerals, leading zeros kept, never grouped (years, ids). */
function formatDigits(run: string): string {
  return numberFormat({ useGrouping: false, minimumIntegerDigits: Math.min(run.length, 21) }).format(BigInt(run));
}

interface Pattern {
  key: string;
  pattern: RegExp;
  names: string[];
}

let cached: { bundle: object; size: number; patterns: Pattern[] } | null = null;

/** The keys with a text part ({{s0}}, {{m0}}) as patterns matching whole messages, made once per catalog. */
function patterns(): Pattern[] {
  const bundle = i18n.getResourceBundle(currentLanguage(), 'server') as Record<string, string> | undefined;
  if (!bundle) return [];
  const keys = Object.keys(bundle);
  if (cached?.bundle !== bundle || cached.size !== keys.length) {
    // A key of placeholders only would match anything (and a {{m0}} in it would never end).
    const made = keys.filter((key) => /\{\{[sm]\d+\}\}/.test(key) && key.replace(new RegExp(PLACEHOLDER, 'g'), '') !== '').map(toPattern);
    cached = { bundle, size: keys.length, patterns: made };
  }
  return cached.patterns;
}

function toPattern(key: string): Pattern {
  const names: string[] = [];
  // split() with a group: the text between placeholders at even places, the placeholders' names at odd ones.
  const source = key
    .split(PLACEHOLDER)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part);
      return part.startsWith('n') ? '(\\d+)' : '([\\s\\S]+?)';
    })
    .join('');
  return { key, pattern: new RegExp(`^${source}$`), names };
}
