import { schemaResolver, type UseFormReturnType } from '@mantine/form';
import type { Category, CommunityLanguage } from '@app/shared/constants';
import { createCommunityCore, createCommunityInput, createCommunityOptional, type CreateCommunityInput } from '@app/shared/communities';
import { seatsFromText } from '../../../-components/community-form/CommunityFields.tsx';
import { withServerText } from '../../../../i18n/server-text.ts';

/** The wizard's fields as typed: seats as digits (empty means no cap), pickers null until chosen. */
export interface WizardValues {
  name: string;
  logoUrl: string;
  category: Category | null;
  language: CommunityLanguage | null;
  contactEmail: string;
  availableSeats: string;
  description: string;
  videoUrl: string;
  rules: string;
  partner: string;
}

export type WizardForm = UseFormReturnType<WizardValues>;

export function initialValues(contactEmail: string): WizardValues {
  return {
    name: '',
    logoUrl: '',
    category: null,
    language: null,
    contactEmail,
    availableSeats: '',
    description: '',
    videoUrl: '',
    rules: '',
    partner: '',
  };
}

/** What the shared schema reads: form values in the API's shape (the schema trims and turns blanks into null). */
export function toInput(values: WizardValues, referralCode: string | null): CreateCommunityInput {
  return {
    name: values.name,
    logoUrl: values.logoUrl,
    // A missing choice fails the enum with 'Please select a category.' / 'Please select a language.'.
    category: values.category as Category,
    language: values.language as CommunityLanguage,
    contactEmail: values.contactEmail,
    availableSeats: seatsFromText(values.availableSeats),
    description: values.description,
    videoUrl: values.videoUrl,
    rules: values.rules,
    partner: values.partner,
    referralCode,
  };
}

/** Step 1 ('Core Details') and step 2 ('Optional Details') checked by the same schemas as the server. */
export const validateCore = withServerText(schemaResolver(createCommunityCore, { sync: true }));
export const validateOptional = withServerText(schemaResolver(createCommunityOptional, { sync: true }));
export const parseInput = (input: CreateCommunityInput) => createCommunityInput.safeParse(input);
