import type { RegistrationLayout } from '@auction/domain';
import type { CodeOption } from './registration-api.js';
import type { FieldIssue, RegistrationField, RegistrationValues } from './registration-form.js';

/** What every section of the registration form gets from the form. */
export interface SectionProps {
  readonly values: RegistrationValues;
  readonly layout: RegistrationLayout;
  /** The issue to show for a field (touched or after a submit attempt), if any. */
  issue(field: string): FieldIssue | undefined;
  set<F extends RegistrationField>(field: F, value: RegistrationValues[F]): void;
  /** The field lost the focus: its message may show from now on. */
  touch(field: RegistrationField): void;
  /** Code-table options by group (COUNTRY_AREA for the chosen country). */
  options(group: 'COUNTRY' | 'COUNTRY_AREA' | 'DEALER_ACTIVITY' | 'CAR_SOLD' | 'BUYING_INTEREST'): readonly CodeOption[];
}

/** The id (and test id) of a field's control. */
export const fieldId = (field: string): string => `reg-${field}`;
