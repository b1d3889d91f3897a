/**
 * The e-mail sender thread's nice value (mail-worker.ts): below the requests' 0, so they come first,
 * but not 19. At 19 a thread that wakes for every step of an SMTP conversation waits behind a busy
 * request thread at each one: a digest under a steady feed load went out at 19 e-mails a second with
 * the core a quarter idle; at 10, 49 a second; at 5, 84 a second, all 10,000 out in 117 s, the
 * feed's p99 not slower (npm run bench, docs/performance.md). The sender is paced anyway
 * (EMAIL_SEND_RATE), which bounds the CPU it can take from the requests.
 */
export const SENDER_NICE = 5;
