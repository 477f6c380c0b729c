import { HttpStatus, Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { ContactMessage } from '@guildhall/generated/types';
import type { Logger } from 'pino';
import { ApiError } from '../http/api-error.js';
import { RateLimiter } from '../http/rate-limit.js';
import { LOGGER } from '../logging/logger.js';
import { STORAGE, type StoragePort } from '../storage/storage.port.js';

/** Where contact messages are kept (the storage port's records). */
export const CONTACT_COLLECTION = 'contact-messages';
/** Stricter than the API-wide limit: a form that writes to storage is worth flooding. */
export const CONTACT_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };

export interface StoredContactMessage extends ContactMessage {
  /** The signed-in user who wrote, when there was one. */
  userId: string | null;
}

/** The contact page's form (validated by its schema at the controller): limited per address, stored for the support team. */
@Injectable()
export class ContactService implements OnModuleDestroy {
  private readonly limiter = new RateLimiter(CONTACT_LIMIT.max, CONTACT_LIMIT.windowMs);

  constructor(
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleDestroy() {
    this.limiter.close();
  }

  /** @param address the sender's network address; the limit counts it and the e-mail address given. */
  async receive(message: ContactMessage, address: string, userId: string | null): Promise<{ id: string }> {
    const retryAfter = this.limiter.hit([`ip:${address}`, `email:${message.email.toLowerCase()}`]);
    if (retryAfter > 0) {
      const minutes = Math.ceil(retryAfter / 60);
      throw new ApiError(
        HttpStatus.TOO_MANY_REQUESTS,
        `You have sent several messages already. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        { retryAfter },
      );
    }
    const data: StoredContactMessage = {
      name: message.name.trim(),
      email: message.email.trim(),
      subject: message.subject,
      message: message.message.trim(),
      userId,
    };
    const stored = await this.storage.records.insert(CONTACT_COLLECTION, { guildId: null, data });
    this.logger.info({ id: stored.id, subject: data.subject }, 'contact message received');
    return { id: stored.id };
  }
}
