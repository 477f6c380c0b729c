// The greeting message is built by the same code the server uses for Send Preview, so the preview cannot drift.
export { greetingMessage, type GreetingKind, type GreetingSection } from '@guildhall/common/greeting';
