/** Typed errors thrown by services; the error handler maps each to its status and `{ error }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadInputError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Not allowed') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

/** A body over a route's limit: the message says the limit in the caller's terms. */
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

/** Well-formed input the server could not use (a document with no readable text). */
export class UnprocessableError extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
