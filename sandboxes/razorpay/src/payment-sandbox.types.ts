export type PaymentLinkStatus = 'created' | 'paid' | 'expired' | 'cancelled';
export type PaymentMethod = 'upi' | 'card' | 'netbanking';
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['upi', 'card', 'netbanking'];

export type Notes = Record<string, string | number>;

/** A link's payment attempt as the link entity lists it. */
export interface LinkPayment {
  payment_id: string;
  amount: number;
  status: 'captured' | 'failed';
  method: PaymentMethod;
  created_at: number;
}

/** Razorpay's payment_link entity, as the API answers it. */
export interface PaymentLinkEntity {
  id: string;
  entity: 'payment_link';
  amount: number;
  amount_paid: number;
  currency: 'INR';
  accept_partial: boolean;
  reference_id: string;
  description: string;
  customer: { email?: string; name?: string; contact?: string };
  notify: { sms: boolean; email: boolean };
  reminder_enable: boolean;
  notes: Notes;
  callback_url: string;
  callback_method: string;
  expire_by: number;
  expired_at: number;
  cancelled_at: number;
  status: PaymentLinkStatus;
  short_url: string;
  payments: LinkPayment[] | null;
  created_at: number;
  updated_at: number;
  user_id: string;
  upi_link: boolean;
}

/** The payment entity of webhooks. */
export interface PaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'captured' | 'failed';
  order_id: string;
  method: PaymentMethod;
  captured: boolean;
  description: string;
  email: string | null;
  notes: Notes;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
}

export interface OrderEntity {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: 'INR';
  receipt: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Notes;
  created_at: number;
}

/** What the API's create takes, once validated. */
export interface NewPaymentLink {
  amount: number;
  accept_partial: boolean;
  reference_id: string;
  description: string;
  customer: PaymentLinkEntity['customer'];
  notify: PaymentLinkEntity['notify'];
  reminder_enable: boolean;
  notes: Notes;
  callback_url: string;
  callback_method: string;
  expire_by: number;
}
