import { jobFormExtension } from '#src/features/jobs/jobForm.tsx';
import type { FormExtension } from '#src/features/resources/ResourceFormPage.tsx';

/** What a resource's form page adds to the generic one, by resource key. */
export const FORM_EXTENSIONS: Partial<Record<string, FormExtension>> = {
  jobs: jobFormExtension,
};
