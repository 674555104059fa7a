import { dashboardPath } from '@portal/domain/consultation/consultation-path';
import { MESSAGES } from '@portal/domain/messages';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-error';
import type { UnavailableStateModalProps } from './unavailable-state-modal';

/**
 * The unavailable-state modal's behaviour on a profile form (000 §2 Screen 12): View Our Protocols (lab) goes
 * to the shop, Continue Visit (medication) returns to the state select, Enter Dashboard saves the profile
 * first and then opens messages.
 */
export function useUnavailableState(userId: string, stateSelectId: string) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  return {
    show() {
      setSaveError(null);
      setOpen(true);
    },
    modalProps(
      kind: UnavailableStateModalProps['kind'],
      saveProfile: () => Promise<unknown>,
    ): Pick<
      UnavailableStateModalProps,
      'open' | 'kind' | 'saveError' | 'onClose' | 'onPrimary' | 'onEnterDashboard'
    > {
      return {
        open,
        kind,
        saveError,
        onClose: () => setOpen(false),
        onPrimary: () => {
          setOpen(false);
          if (kind === 'lab') void navigate('/shop');
          else requestAnimationFrame(() => document.getElementById(stateSelectId)?.focus());
        },
        onEnterDashboard: async () => {
          setSaveError(null);
          try {
            await saveProfile();
            void navigate(dashboardPath(userId, 'messages'));
          } catch (error) {
            setSaveError(isApiError(error) ? error.message : MESSAGES.generic);
          }
        },
      };
    },
  };
}
