// `x-access`: the capability a user needs to change a property of a settings document (AntiNuke's editSettings,
// manageModules, manageWhitelist...). An annotation: it generates no validation code. The server compares a save with
// the stored document and refuses, with 403, a change to a property whose capability the caller's access level lacks;
// the settings GET returns the caller's capabilities so the form locks the same properties.

export default {
  keyword: 'x-access',
  schemaType: 'string',
  metaSchema: { type: 'string', pattern: '^[a-z][A-Za-z]*$' },
};

/**
 * The capability each top-level property of a section's schema needs: { enabled: 'editSettings', ... }. Only top-level
 * properties count: the server compares a save with the stored document property by property.
 */
export function propertyAccess(schema) {
  const entries = Object.entries(schema.properties ?? {}).filter(([, property]) => typeof property['x-access'] === 'string');
  return Object.fromEntries(entries.map(([name, property]) => [name, property['x-access']]));
}
