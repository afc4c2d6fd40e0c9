import { createConnectedDeploymentBody } from '../../../shared/api/connected-deployments';

export interface AddFormValues {
  name: string;
  description: string;
  url: string;
}

export type AddFormErrors = Partial<Record<keyof AddFormValues, string>>;

export type AddFormResult = { ok: true; value: AddFormValues } | { ok: false; errors: AddFormErrors };

/** The Add button is disabled while the name or the URL is empty (spaces count as empty). */
export function canSubmitAddForm(v: AddFormValues): boolean {
  return v.name.trim() !== '' && v.url.trim() !== '';
}

/** Public-site 5: name and URL required, the URL must parse; values are trimmed; description optional. */
export function validateAddForm(v: AddFormValues): AddFormResult {
  const parsed = createConnectedDeploymentBody.safeParse(v);
  if (parsed.success) return { ok: true, value: { name: parsed.data.name, description: parsed.data.description, url: parsed.data.url } };
  const errors: AddFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'description' || field === 'url') && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
