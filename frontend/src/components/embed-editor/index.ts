// The parts an embed is edited with (ticket panels' advanced editor, the embed builder): free of any one screen.
export { CollapsibleSection, type CollapsibleSectionProps } from './CollapsibleSection';
export { ColourPicker, type ColourPickerProps } from './ColourPicker';
export { CountedTextField, type CountedTextFieldProps } from './CountedTextField';
export { clampText, schemaField, schemaMessage, textLength, type SchemaField } from './schema-field';
export { isValidUrl, UrlField, type UrlFieldProps } from './UrlField';
