import { RazorpayError } from './razorpay-errors.js';
import { unixNow } from './razorpay-ids.js';
import type { NewPaymentLink, Notes } from './payment-sandbox.types.js';

const KNOWN_FIELDS = new Set([
  'amount',
  'currency',
  'accept_partial',
  'first_min_partial_amount',
  'reference_id',
  'description',
  'customer',
  'notify',
  'reminder_enable',
  'notes',
  'callback_url',
  'callback_method',
  'expire_by',
  'upi_link',
]);
const CUSTOMER_FIELDS = new Set(['name', 'email', 'contact']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_AMOUNT = 100;
export const MIN_EXPIRY_SECONDS = 15 * 60;
export const MAX_REFERENCE_ID = 40;
export const MAX_DESCRIPTION = 2048;
export const MAX_NOTES = 15;
export const MAX_NOTE_VALUE = 256;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const refuse = (description: string, field: string): never => {
  throw RazorpayError.badRequest(description, field);
};

function optionalBoolean(body: Record<string, unknown>, field: string, fallback: boolean): boolean {
  const value = body[field];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') refuse(`The ${field.replace(/_/g, ' ')} field must be true or false.`, field);
  return value as boolean;
}

function optionalString(body: Record<string, unknown>, field: string, max: number, label = field.replace(/_/g, ' ')): string {
  const value = body[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') refuse(`The ${label} must be a string.`, field);
  if ((value as string).length > max) refuse(`The ${label} may not be greater than ${max} characters.`, field);
  return value as string;
}

function notes(value: unknown): Notes {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return {};
  if (!isObject(value)) return refuse('The notes must be an object.', 'notes');
  const entries = Object.entries(value);
  if (entries.length > MAX_NOTES) refuse(`Number of fields in notes should be less than or equal to ${MAX_NOTES}`, 'notes');
  for (const [key, note] of entries) {
    if (typeof note !== 'string' && typeof note !== 'number') refuse(`The notes.${key} must be a string or a number.`, 'notes');
    if (String(note).length > MAX_NOTE_VALUE) refuse(`Notes value must be less than or equal to ${MAX_NOTE_VALUE} characters`, 'notes');
  }
  return { ...(value as Notes) };
}

function customer(value: unknown): NewPaymentLink['customer'] {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) return refuse('The customer must be an object.', 'customer');
  const extra = Object.keys(value).find((key) => !CUSTOMER_FIELDS.has(key));
  if (extra !== undefined) refuse(`customer.${extra} is/are not required and should not be sent`, `customer.${extra}`);
  const out: NewPaymentLink['customer'] = {};
  for (const key of CUSTOMER_FIELDS) {
    const field = value[key];
    if (field === undefined || field === null) continue;
    if (typeof field !== 'string' || field.length > 255) refuse(`The customer.${key} is invalid.`, `customer.${key}`);
    out[key as keyof typeof out] = field as string;
  }
  if (out.email !== undefined && !EMAIL.test(out.email)) refuse('The customer.email must be a valid email address.', 'customer.email');
  return out;
}

function notify(value: unknown): NewPaymentLink['notify'] {
  if (value === undefined || value === null) return { sms: false, email: false };
  if (!isObject(value)) return refuse('The notify must be an object.', 'notify');
  const extra = Object.keys(value).find((key) => key !== 'sms' && key !== 'email');
  if (extra !== undefined) refuse(`notify.${extra} is/are not required and should not be sent`, `notify.${extra}`);
  return { sms: optionalBoolean(value, 'sms', false), email: optionalBoolean(value, 'email', false) };
}

function callbackUrl(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) refuse('The callback url format is invalid.', 'callback_url');
  return value as string;
}

/**
 * A create request read as Razorpay reads it: the first fault found is the answer (Razorpay names one field per
 * error), unknown fields are refused, and the defaults are Razorpay's.
 */
export function readNewPaymentLink(body: unknown, now = unixNow()): NewPaymentLink {
  if (!isObject(body)) return refuse('The amount field is required.', 'amount');
  const unknown = Object.keys(body).find((key) => !KNOWN_FIELDS.has(key));
  if (unknown !== undefined) refuse(`${unknown} is/are not required and should not be sent`, unknown);

  const amount = body['amount'];
  if (amount === undefined || amount === null) refuse('The amount field is required.', 'amount');
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) refuse('The amount must be an integer.', 'amount');
  if ((amount as number) < MIN_AMOUNT) refuse('The amount must be atleast INR 1.00', 'amount');

  const currency = body['currency'] ?? 'INR';
  if (currency !== 'INR') refuse('The currency is not supported: only INR.', 'currency');

  const referenceId = optionalString(body, 'reference_id', MAX_REFERENCE_ID, 'reference id');
  const description = optionalString(body, 'description', MAX_DESCRIPTION);
  const url = callbackUrl(body['callback_url']);
  const method = body['callback_method'];
  if (url && method !== 'get') refuse('The callback method is required when a callback url is given, and must be get.', 'callback_method');
  if (!url && method !== undefined && method !== null)
    refuse('callback_method is/are not required and should not be sent', 'callback_method');

  const expireBy = body['expire_by'];
  let expiry = 0;
  if (expireBy !== undefined && expireBy !== null && expireBy !== 0) {
    if (typeof expireBy !== 'number' || !Number.isSafeInteger(expireBy)) refuse('The expire by must be an integer.', 'expire_by');
    if ((expireBy as number) < now + MIN_EXPIRY_SECONDS) refuse('Timestamp must be atleast 15 minutes in future', 'expire_by');
    expiry = expireBy as number;
  }

  return {
    amount: amount as number,
    accept_partial: optionalBoolean(body, 'accept_partial', false),
    reference_id: referenceId,
    description,
    customer: customer(body['customer']),
    notify: notify(body['notify']),
    reminder_enable: optionalBoolean(body, 'reminder_enable', true),
    notes: notes(body['notes']),
    callback_url: url,
    callback_method: url ? 'get' : '',
    expire_by: expiry,
  };
}
