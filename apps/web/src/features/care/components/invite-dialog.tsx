import { STAFF_ROLE_LABELS, type StaffRole } from '@portal/domain/care/staff-roles';
import { CareInviteBody } from '@portal/domain/contracts/care';
import { type FormEvent, useId, useState } from 'react';
import type { CareInvitationSent } from '../../../api/care/staff';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { TextInput } from '../../../components/ui/text-input';
import { isApiError } from '../../../lib/api-error';

type Field = 'email' | 'first_name' | 'last_name' | 'role' | 'licensed_states' | 'npi_num';
type Errors = Partial<Record<Field, string>>;

const ROLES: readonly StaffRole[] = ['care_team', 'physician', 'admin'];

/** "ca, or  wa" as the two-letter codes the server takes, once each. */
export function parseStates(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((s) => s.toUpperCase()),
    ),
  ];
}

/** The server's refusal on the field it names (`body.email`), else for the whole form. */
function serverErrors(error: unknown): { fields: Errors; form: string | null } {
  if (!error) return { fields: {}, form: null };
  if (isApiError(error)) {
    if (error.text === 'EmailAlreadyExists') return { fields: { email: error.message }, form: null };
    const fields: Errors = {};
    for (const f of error.fields) {
      const key = f.path.replace(/^body\./, '').split('.')[0] as Field;
      fields[key] ??= f.message;
    }
    if (Object.keys(fields).length > 0) return { fields, form: null };
  }
  return { fields: {}, form: error instanceof Error ? error.message : 'The invitation could not be sent.' };
}

/** Invite a physician, care coordinator or admin by e-mail (issue 12 §1), checked as the server checks. */
export function InviteDialog({
  onClose,
  onInvite,
  pending,
  error,
}: {
  onClose: () => void;
  onInvite: (body: CareInviteBody) => Promise<CareInvitationSent | undefined>;
  pending: boolean;
  error: unknown;
}) {
  const formId = useId();
  const [values, setValues] = useState({
    email: '',
    first_name: '',
    last_name: '',
    role: 'care_team' as StaffRole,
    licensed_states: '',
    npi_num: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const physician = values.role === 'physician';
  const server = serverErrors(error);
  const shown = { ...server.fields, ...errors };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CareInviteBody.safeParse({
      email: values.email,
      first_name: values.first_name,
      last_name: values.last_name,
      role: values.role,
      ...(physician
        ? {
            licensed_states: parseStates(values.licensed_states),
            ...(values.npi_num.trim() ? { npi_num: values.npi_num.trim() } : {}),
          }
        : {}),
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0]) as Field] ??= issue.message;
      // the server's one rule for both physician fields names the states; say what is missing where it is
      if (physician && !values.npi_num.trim()) next.npi_num ??= 'Enter the NPI number (10 digits).';
      if (physician && parseStates(values.licensed_states).length === 0)
        next.licensed_states = 'Enter at least one licensed state.';
      setErrors(next);
      return;
    }
    setErrors({});
    void onInvite(parsed.data);
  }

  return (
    <Modal
      open
      onClose={onClose}
      title="Invite a staff member"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            Send invitation
          </Button>
        </>
      }
    >
      <form id={formId} className="care-dialog-form" noValidate onSubmit={submit}>
        <p>They get an e-mail with a link to choose their password. The link works once, for 7 days.</p>
        {server.form ? <Alert tone="error">{server.form}</Alert> : null}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="off"
          value={values.email}
          error={shown.email}
          onChange={(e) => set('email')(e.target.value)}
        />
        <TextInput
          label="First name"
          autoComplete="off"
          value={values.first_name}
          error={shown.first_name}
          onChange={(e) => set('first_name')(e.target.value)}
        />
        <TextInput
          label="Last name"
          autoComplete="off"
          value={values.last_name}
          error={shown.last_name}
          onChange={(e) => set('last_name')(e.target.value)}
        />
        <Select
          label="Role"
          options={ROLES.map((r) => ({ value: r, label: STAFF_ROLE_LABELS[r] }))}
          value={values.role}
          error={shown.role}
          onChange={(e) => set('role')(e.target.value)}
        />
        {physician ? (
          <>
            <TextInput
              label="Licensed states"
              hint="Two-letter codes, separated by commas: CA, OR, WA."
              autoComplete="off"
              value={values.licensed_states}
              error={shown.licensed_states}
              onChange={(e) => set('licensed_states')(e.target.value)}
            />
            <TextInput
              label="NPI number"
              inputMode="numeric"
              autoComplete="off"
              value={values.npi_num}
              error={shown.npi_num}
              onChange={(e) => set('npi_num')(e.target.value)}
            />
          </>
        ) : null}
      </form>
    </Modal>
  );
}
