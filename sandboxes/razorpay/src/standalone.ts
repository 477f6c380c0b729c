import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServer, type AddressInfo } from 'node:net';
import { PaymentSandboxModule } from './payment-sandbox.module.js';
import { PAYMENT_SANDBOX_PREFIX, type PaymentSandboxOptions } from './payment-sandbox-options.js';
import { PaymentSandboxService } from './payment-sandbox.service.js';

export interface RunningPaymentSandbox {
  app: NestFastifyApplication;
  service: PaymentSandboxService;
  /** http://127.0.0.1:<port>/sandbox/razorpay: the API base, like https://api.razorpay.com */
  base: string;
  close(): Promise<void>;
}

/**
 * The payment sandbox alone on a free port (Nest's own JSON and form parsers), for tests that need the webhooks to go
 * somewhere of their choosing. publicUrl defaults to where it listens; records to memory (a test that restarts it on the
 * same links passes a store of its own).
 */
export async function startPaymentSandbox(
  options: Omit<PaymentSandboxOptions, 'publicUrl'> & { publicUrl?: string },
): Promise<RunningPaymentSandbox> {
  // The port is chosen first: the links' short_url names it.
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const base = `http://127.0.0.1:${port}/${PAYMENT_SANDBOX_PREFIX}`;
  const app = await NestFactory.create<NestFastifyApplication>(
    PaymentSandboxModule.forRoot({ ...options, publicUrl: options.publicUrl ?? base }),
    new FastifyAdapter(),
    { logger: false },
  );
  await app.listen(port, '127.0.0.1');
  const service = app.get(PaymentSandboxService);
  await service.start();
  return { app, service, base, close: () => app.close() };
}
