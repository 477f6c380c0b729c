/**
 * The public routes (home, login, plans, payment results, information and policy pages), each with the page module
 * under `src/` that renders it. Pure data, so the bundle test and `npm run bench:ui` take the route list from here
 * instead of parsing routes.tsx; routes.tsx builds its public table from it, so a route cannot lack a page nor a page
 * its route.
 */
export const PUBLIC_PAGE_MODULES = {
  '/': 'pages/public/Home',
  login: 'pages/Login',
  logout: 'pages/Logout',
  dev: 'pages/public/Developers',
  premium: 'pages/public/Premium',
  'plans/:planType': 'pages/public/PlanPage',
  'premium/:planType/:period/process': 'pages/public/PaymentProcess',
  'premium/payment/success': 'pages/public/PaymentSuccess',
  'premium/payment/failed': 'pages/public/PaymentFailed',
  'premium/payment/pending': 'pages/public/PaymentPending',
  features: 'pages/public/Features',
  docs: 'pages/public/Docs',
  faq: 'pages/public/Faq',
  contact: 'pages/public/Contact',
  invite: 'pages/public/Invite',
  terms: 'pages/public/Terms',
  privacy: 'pages/public/Privacy',
  cookies: 'pages/public/CookiePolicy',
  'cookie-policy': 'pages/public/CookiePolicy',
  pricing: 'pages/public/Pricing',
  shipping: 'pages/public/Shipping',
  refund: 'pages/public/Refund',
} as const satisfies Record<string, `pages/${string}`>;

/** A public route's path as routes.tsx declares it ('/' is the index route). */
export type PublicPath = keyof typeof PUBLIC_PAGE_MODULES;

export const PUBLIC_PATHS = Object.keys(PUBLIC_PAGE_MODULES) as readonly PublicPath[];
