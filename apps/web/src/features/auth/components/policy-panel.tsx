import { MESSAGES } from '@portal/domain/messages';
import { useQuery } from '@tanstack/react-query';
import { type PolicySection, policyParagraphs, policyQueryOptions } from '../../../api/organization';
import { Alert } from '../../../components/ui/alert';
import { SidePanel } from '../../../components/ui/side-panel';
import { Spinner } from '../../../components/ui/spinner';
import './auth-form.css';

export const POLICY_LABELS: Record<PolicySection, string> = {
  tos: 'Terms of Use',
  privacy: 'Privacy Policy',
  consent: 'Telehealth Consent',
};

/** A policy of the organization in a side panel (000 §2: the consent policy opens in a side panel). */
export function PolicyPanel({ section, onClose }: { section: PolicySection | null; onClose: () => void }) {
  const policy = useQuery({ ...policyQueryOptions(section ?? 'tos'), enabled: section !== null });
  const title = section ? POLICY_LABELS[section] : '';

  return (
    <SidePanel open={section !== null} onClose={onClose} title={policy.data?.title || title}>
      {policy.isPending ? <Spinner label={`Loading ${title}`} /> : null}
      {policy.isError ? <Alert tone="error">{MESSAGES.policyLoad}</Alert> : null}
      {policy.data ? (
        <div className="auth-policy">
          {policyParagraphs(policy.data.body).map((paragraph, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a static text
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      ) : null}
    </SidePanel>
  );
}
