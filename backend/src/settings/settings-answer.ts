import type { SettingsResponse } from '@guildhall/generated/types';
import { settingsSerializers } from '../http/response-serializers.js';
import type { SettingsView } from './settings.service.js';

/** Compiled once, when the app loads (not on its first request). */
const serializers = settingsSerializers();

/**
 * A section's answer (a read's or a save's) as sent: written by the serializer compiled from its published response
 * schema (the OpenAPI document), so what goes out is what the contract describes, and writing it is cheaper than
 * JSON.stringify. Sent as JSON_CONTENT_TYPE (Fastify names the type only for what it serializes itself).
 */
export function settingsAnswerText(view: SettingsView): string {
  const answer: SettingsResponse = { success: true, ...view };
  const serializer = serializers.get(view.section);
  return serializer ? serializer(answer) : JSON.stringify(answer);
}
