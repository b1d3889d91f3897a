export { generateKeyringValue, parseKeyring, seal, UNREADABLE_MESSAGE, type ChatKeyring } from './crypto.ts';
