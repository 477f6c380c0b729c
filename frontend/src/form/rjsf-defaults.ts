/**
 * RJSF's default registry as the build ships it (issue 26): the build puts these three functions in the place of
 * @rjsf/core's components/{fields,widgets,templates}/index.js (vite.config.ts), which list every field, widget and
 * template RJSF has. What no form of ours can reach is left out, about 21 KB of the form engine (5.5 KB brotli):
 *  - the layout-grid fields (LayoutGridField, LayoutHeaderField, LayoutMultiSchemaField) and their GridTemplate, which
 *    only a `ui:field` naming them draws;
 *  - the widgets of formats and `ui:widget`s no schema of ours names (dates and times, colour pickers, files, password,
 *    radio, range, rating, checkboxes), and RJSF's own checkbox, select, textarea and up-down widgets, which ours
 *    replace by name in every form (src/form/widgets);
 *  - ArrayField and the five templates only it draws, and the anyOf/oneOf field with its template, which EngineForm
 *    takes from chunks of their own that only forms with an array, an anyOf or a oneOf load (form parts:
 *    src/form/parts.ts).
 * Everything else is RJSF's, unchanged. frontend/test/rjsf-defaults.test.ts checks every section's schema and UI
 * schema against it: a widget or field a form asks for that is not here fails there, not in a browser.
 */
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import CyclicSchemaField from '@rjsf/core/lib/components/fields/CyclicSchemaField.js';
import FallbackField from '@rjsf/core/lib/components/fields/FallbackField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import OptionalDataControlsField from '@rjsf/core/lib/components/fields/OptionalDataControlsField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import BaseInputTemplate from '@rjsf/core/lib/components/templates/BaseInputTemplate.js';
import ButtonTemplates from '@rjsf/core/lib/components/templates/ButtonTemplates/index.js';
import CyclicSchemaExpandTemplate from '@rjsf/core/lib/components/templates/CyclicSchemaExpandTemplate.js';
import DescriptionField from '@rjsf/core/lib/components/templates/DescriptionField.js';
import ErrorList from '@rjsf/core/lib/components/templates/ErrorList.js';
import FallbackFieldTemplate from '@rjsf/core/lib/components/templates/FallbackFieldTemplate.js';
import FieldErrorTemplate from '@rjsf/core/lib/components/templates/FieldErrorTemplate.js';
import FieldHelpTemplate from '@rjsf/core/lib/components/templates/FieldHelpTemplate.js';
import FieldTemplate from '@rjsf/core/lib/components/templates/FieldTemplate/index.js';
import ObjectFieldTemplate from '@rjsf/core/lib/components/templates/ObjectFieldTemplate.js';
import OptionalDataControlsTemplate from '@rjsf/core/lib/components/templates/OptionalDataControlsTemplate.js';
import TitleField from '@rjsf/core/lib/components/templates/TitleField.js';
import UnsupportedField from '@rjsf/core/lib/components/templates/UnsupportedField.js';
import WrapIfAdditionalTemplate from '@rjsf/core/lib/components/templates/WrapIfAdditionalTemplate.js';
import EmailWidget from '@rjsf/core/lib/components/widgets/EmailWidget.js';
import HiddenWidget from '@rjsf/core/lib/components/widgets/HiddenWidget.js';
import TextWidget from '@rjsf/core/lib/components/widgets/TextWidget.js';
import URLWidget from '@rjsf/core/lib/components/widgets/URLWidget.js';

/** components/fields/index.js without the layout-grid fields, ArrayField and AnyOf/OneOfField (EngineForm's form parts). */
export function fields() {
  return {
    BooleanField,
    CyclicSchemaField,
    FallbackField,
    NumberField,
    ObjectField,
    OptionalDataControlsField,
    SchemaField,
    StringField,
    NullField,
  };
}

/** components/widgets/index.js: the text, e-mail, URL and hidden inputs (src/form/widgets has the others we use). */
export function widgets() {
  return { EmailWidget, HiddenWidget, TextWidget, URLWidget };
}

/** components/templates/index.js without GridTemplate (the layout grid's), ArrayField's and MultiSchemaField's (their parts'). */
export function templates() {
  return {
    ButtonTemplates: ButtonTemplates(),
    BaseInputTemplate,
    CyclicSchemaExpandTemplate,
    DescriptionFieldTemplate: DescriptionField,
    ErrorListTemplate: ErrorList,
    FallbackFieldTemplate,
    FieldTemplate,
    FieldErrorTemplate,
    FieldHelpTemplate,
    ObjectFieldTemplate,
    OptionalDataControlsTemplate,
    TitleFieldTemplate: TitleField,
    UnsupportedFieldTemplate: UnsupportedField,
    WrapIfAdditionalTemplate,
  };
}
