import type { TemplatesType } from '@rjsf/utils';
import { BaseInputTemplate } from './BaseInputTemplate';
import { DescriptionFieldTemplate } from './DescriptionFieldTemplate';
import { FieldErrorTemplate } from './FieldErrorTemplate';
import { FieldHelpTemplate } from './FieldHelpTemplate';
import { FieldTemplate } from './FieldTemplate';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';

/** Our Tailwind theme for RJSF: the templates we replace; the rest are RJSF's own. */
export const templates: Partial<TemplatesType> = {
  BaseInputTemplate,
  DescriptionFieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
};
