/**
 * The one error domain code throws: a code saying what kind of refusal it is and the message a
 * person reads. Services know nothing of tRPC or HTTP; the code is mapped once to a tRPC code (in
 * trpc.ts) and once to an HTTP status (in the server's error handler), both from the table below.
 */
export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: AppErrorCode;

  constructor(code: AppErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  get status(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

export function isAppError(error: unknown, code?: AppErrorCode): error is AppError {
  return error instanceof AppError && (code === undefined || error.code === code);
}

export const SIGNED_IN_MESSAGE = 'You must be signed in.';
/** What a platform-admin procedure tells everyone else. */
export const ADMIN_MESSAGE = 'Only a platform admin can do this.';
