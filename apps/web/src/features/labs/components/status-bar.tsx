import { labStatusBar } from '@portal/domain/labs/status';
import { InfoTooltip } from './info-tooltip';

/** The lab's status bar (002 §4.1): filled 20, 40, 75 or 100 %, with its label and, for two stages, its tooltip. */
export function StatusBar({ status }: { status: string | null | undefined }) {
  const bar = labStatusBar(status);
  return (
    <div className={`labs-status labs-status--${bar.stage}`}>
      <div
        className="labs-status__track"
        role="progressbar"
        aria-label="Lab status"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={bar.percent}
        aria-valuetext={`${bar.label}, ${bar.percent}%`}
      >
        <span className="labs-status__fill" style={{ width: `${bar.percent}%` }} />
      </div>
      <p className="labs-status__label">
        <strong>{bar.label}</strong>
        {bar.tooltip ? <InfoTooltip label={`About ${bar.label}`} text={bar.tooltip} /> : null}
      </p>
    </div>
  );
}
