// Step 5, extract UI: one RJSF uiSchema per settings section, from the `x-ui` hints of its schema. Hints of a $ref'd
// type (e.g. the channel reference's channel-select widget) apply wherever it is used; hints beside the $ref win.
// RJSF 6 reads enum labels from `ui:enumNames` (schema-level enumNames is gone). Our own hints that RJSF has no
// word for travel in `ui:options` (visibleIf, channelTypes from `x-reference`, group, groups, layout, beside), where our widgets and templates read them.

import { isObject, resolveSite, SchemaError } from './lib/json.mjs';

/** x-ui `back`: the browser's previous page, or a path under the guild's /manage/{guildId}/ (lower-case segments). */
const BACK_TARGET = /^(previous|[a-z0-9-]+(\/[a-z0-9-]+)*)$/;

export function extractUi(catalog, bundles) {
  return Object.fromEntries(catalog.sections.map((section) => [section.name, uiSchemaOf(bundles.get(section.file.id), section.file.rel)]));
}

/** The same for each collection's item schema, by collection name: an item's editor draws it with the form engine. */
export function extractCollectionUi(catalog, bundles) {
  return Object.fromEntries(catalog.collections.map((row) => [row.name, uiSchemaOf(bundles.get(row.file.id), row.file.rel)]));
}

function uiSchemaOf(root, rel) {
  const effective = (node) => resolveSite(root, rel, node);

  function build(node, where) {
    const schema = effective(node);
    if (!isObject(schema)) return {};
    const hints = schema['x-ui'] ?? {};
    const ui = {};
    const options = {};
    if (hints.widget) ui['ui:widget'] = hints.widget;
    if (hints.hidden) ui['ui:widget'] = 'hidden';
    if (hints.help) ui['ui:help'] = hints.help;
    if (hints.placeholder) ui['ui:placeholder'] = hints.placeholder;
    if (hints.enumLabels) ui['ui:enumNames'] = enumNames(schema, hints.enumLabels, where);
    for (const key of [
      'group',
      'visibleIf',
      'rows',
      'layout',
      'beside',
      'resettable',
      'savedMessage',
      'noticeSeconds',
      'loadErrorMessage',
      'saveErrorMessages',
      'back',
    ])
      if (hints[key] !== undefined) options[key] = hints[key];
    // The channel types a channel reference takes are the server's rule too: one list, in x-reference.
    if (isObject(schema['x-reference']) && schema['x-reference'].channelTypes) options.channelTypes = schema['x-reference'].channelTypes;
    if (hints.back !== undefined && !BACK_TARGET.test(hints.back))
      throw new SchemaError(rel, `x-ui.back at #${where} must be 'previous' or a path under /manage/{guildId}/ such as 'tickets'`);

    if (isObject(schema.properties)) {
      const keys = Object.keys(schema.properties);
      const groups = hints.groups ?? [];
      if (groups.length) options.groups = groups;
      const positions = new Map(keys.map((key, i) => [key, [effective(schema.properties[key])?.['x-ui']?.order ?? Infinity, i]]));
      const ordered = [...keys].sort((a, b) => positions.get(a)[0] - positions.get(b)[0] || positions.get(a)[1] - positions.get(b)[1]);
      ui['ui:order'] = [...ordered, '*'];
      for (const key of ordered) {
        const child = build(schema.properties[key], `${where}/properties/${key}`);
        checkSiblings(child['ui:options'], keys, groups, `${where}/properties/${key}`);
        if (Object.keys(child).length) ui[key] = child;
      }
    }
    if (isObject(schema.items)) {
      const items = build(schema.items, `${where}/items`);
      if (Object.keys(items).length) ui.items = items;
    }
    if (Object.keys(options).length) ui['ui:options'] = options;
    return ui;
  }

  function enumNames(schema, labels, where) {
    if (!Array.isArray(schema.enum)) throw new SchemaError(rel, `x-ui.enumLabels at #${where} needs an enum`);
    const missing = schema.enum.filter((value) => !Object.hasOwn(labels, String(value)));
    const extra = Object.keys(labels).filter((label) => !schema.enum.map(String).includes(label));
    if (missing.length || extra.length) {
      throw new SchemaError(rel, `x-ui.enumLabels at #${where}: missing ${JSON.stringify(missing)}, unknown ${JSON.stringify(extra)}`);
    }
    return schema.enum.map((value) => labels[String(value)]);
  }

  function checkSiblings(options, keys, groups, where) {
    if (!options) return;
    for (const key of Object.keys(options.visibleIf ?? {})) {
      // A key starting with '/' is a JSON Pointer from the section's root (a field elsewhere in the document).
      if (key.startsWith('/')) {
        if (!resolvesToProperty(key)) throw new SchemaError(rel, `x-ui.visibleIf at #${where} names unknown field "${key}"`);
        continue;
      }
      if (!keys.includes(key)) throw new SchemaError(rel, `x-ui.visibleIf at #${where} names unknown property "${key}"`);
    }
    if (options.beside !== undefined && !(options.beside.startsWith('/') && resolvesToProperty(options.beside))) {
      throw new SchemaError(rel, `x-ui.beside at #${where} names unknown field "${options.beside}"`);
    }
    if (options.group && !groups.some((group) => group.id === options.group)) {
      throw new SchemaError(rel, `x-ui.group "${options.group}" at #${where} is not declared in the parent's x-ui.groups`);
    }
  }

  /** Whether a JSON Pointer over the document (`/modules/anti_ban`) names a property the schema declares. */
  function resolvesToProperty(pointer) {
    let node = effective(root);
    for (const token of pointer.slice(1).split('/')) {
      const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
      if (!isObject(node?.properties) || !Object.hasOwn(node.properties, key)) return false;
      node = effective(node.properties[key]);
    }
    return true;
  }

  return build(root, '');
}
