import { AppError } from '../../../http/errors';

/** A provider failed or refused: 502 with the step's message and the provider's reason. */
export class DeliveryFailedError extends AppError {
  constructor(step: string, reason: string) {
    super(502, `${step}: ${reason}`);
  }
}
