import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { type HttpReply } from '@guildhall/backend/http/http-types';

export interface RazorpayErrorBody {
  error: {
    code: 'BAD_REQUEST_ERROR' | 'SERVER_ERROR';
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: Record<string, unknown>;
    field?: string;
  };
}

/** An answer in Razorpay's error shape; RazorpayExceptionFilter writes it. */
export class RazorpayError extends Error {
  constructor(
    readonly status: number,
    readonly body: RazorpayErrorBody,
  ) {
    super(body.error.description);
  }

  static badRequest(description: string, field?: string): RazorpayError {
    // Razorpay tags a refused input with the business step it failed; other refusals carry "NA" throughout.
    const input = field !== undefined;
    return new RazorpayError(400, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description,
        source: input ? 'business' : 'NA',
        step: input ? 'payment_initiation' : 'NA',
        reason: input ? 'input_validation_failed' : 'NA',
        metadata: {},
        ...(input ? { field } : {}),
      },
    });
  }

  static authenticationFailed(): RazorpayError {
    const error = RazorpayError.badRequest('Authentication failed');
    return new RazorpayError(401, error.body);
  }

  static unknownId(): RazorpayError {
    return RazorpayError.badRequest('The id provided does not exist');
  }

  static notFound(): RazorpayError {
    return RazorpayError.badRequest('The requested URL was not found on the server.');
  }
}

/** Everything the emulator's API throws answers in Razorpay's shape, never the host app's. */
@Catch()
export class RazorpayExceptionFilter implements ExceptionFilter {
  catch(thrown: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<HttpReply>();
    if (res.sent || res.raw.headersSent) return;
    if (thrown instanceof RazorpayError) {
      res.code(thrown.status).send(thrown.body);
      return;
    }
    const status = thrown instanceof HttpException ? thrown.getStatus() : 500;
    if (status < 500) {
      res
        .code(status === 404 ? 400 : status)
        .send(RazorpayError.badRequest(status === 404 ? 'The requested URL was not found on the server.' : 'Bad request').body);
      return;
    }
    res.code(500).send({
      error: {
        code: 'SERVER_ERROR',
        description: 'We are facing some trouble completing your request at the moment. Please try again shortly.',
        source: 'NA',
        step: 'NA',
        reason: 'NA',
        metadata: {},
      },
    } satisfies RazorpayErrorBody);
  }
}
