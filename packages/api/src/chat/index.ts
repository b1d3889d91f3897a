export { generateKeyringValue, parseKeyring, UNREADABLE_MESSAGE, type ChatKeyring } from './crypto.ts';
