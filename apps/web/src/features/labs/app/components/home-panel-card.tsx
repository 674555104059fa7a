import { useId } from 'react';
import { Link } from 'react-router';
import type { LabPanelListItem } from '../../../../api/labs';
import { buttonClassName } from '../../../../components/ui/button';
import { StatusBar } from '../../components/status-bar';
import { formatLabDate } from '../../lib/format';
import { panelPath } from './panel-nav';

/**
 * One lab panel on the labs app's home: its name, the latest report's stage on the status bar and date, and a
 * link into the panel ("View results" once that report is reviewed, else "View panel").
 */
export function HomePanelCard({ panel }: { panel: LabPanelListItem }) {
  const titleId = useId();
  const name = panel.product?.name || panel.name;
  const status = panel.latestReport?.status?.id ?? panel.status;
  const reviewed = status === 'reviewed';
  const date = formatLabDate(panel.latestReport?.statusChangedAt);
  const image = panel.product?.images?.[0];
  return (
    <li className="labs-home-card" aria-labelledby={titleId}>
      {image ? <img className="labs-home-card__image" src={image} alt="" width={320} height={160} /> : null}
      <h2 className="labs-home-card__name" id={titleId}>
        {name}
      </h2>
      {panel.product?.description ? (
        <p className="labs-home-card__about">{panel.product.description}</p>
      ) : null}
      <StatusBar status={status} />
      {date ? (
        <p className="labs-home-card__date">
          {reviewed ? 'Results ready' : 'Updated'}{' '}
          <time dateTime={panel.latestReport.statusChangedAt}>{date}</time>
        </p>
      ) : null}
      {panel.reportCount > 1 ? <p className="labs-home-card__count">{panel.reportCount} reports</p> : null}
      <Link
        className={buttonClassName({
          size: 'sm',
          variant: reviewed ? 'primary' : 'secondary',
          className: 'labs-home-card__link',
        })}
        aria-describedby={titleId}
        to={panelPath(panel.panelId ?? panel._id)}
      >
        {reviewed ? 'View results' : 'View panel'}
      </Link>
    </li>
  );
}
