import type { LabReportStatus } from '@portal/domain/contracts/care-labs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { careLabsQueryOptions } from '../../../api/care/labs';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Badge } from '../components/badge';
import { LAB_STATUS_LABELS, LAB_STATUS_TABS, labReportPath } from '../lib/lab-labels';
import { formatDateTime, personName } from '../lib/labels';
import { chartPath } from '../lib/paths';
import '../care.css';
import '../fulfilment.css';
import '../labs.css';
import { CareTabs, tabId } from '../components/care-tabs';

const EMPTY: Record<LabReportStatus, string> = {
  created: 'Lab orders appear here when a patient orders a panel.',
  ordered: 'Orders sent to the laboratory appear here.',
  received: 'Reports whose results came back appear here, to be entered and reviewed.',
  reviewed: 'Reviewed reports appear here.',
};

/**
 * Labs (issue 14 §8): the clinic's lab reports by status. Each row opens the report, where the care team
 * moves it on, attaches the laboratory's PDFs, enters or imports results and writes the message.
 */
export default function LabsPage() {
  const [tab, setTab] = useState<LabReportStatus>('created');
  const list = useInfiniteQuery(careLabsQueryOptions(tab));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="care-page">
      <div className="care-page__head">
        <h1 className="care-page__title">Labs</h1>
      </div>

      <CareTabs
        label="Lab orders by status"
        idPrefix="labs"
        tabs={LAB_STATUS_TABS}
        selected={tab}
        onSelect={setTab}
        render={(status) => LAB_STATUS_LABELS[status]}
      />

      <div className="care-tabs__panel" role="tabpanel" id="labs-panel" aria-labelledby={tabId('labs', tab)}>
        {list.isPending ? (
          <div className="care-loading">
            <Spinner label="Loading lab orders" />
          </div>
        ) : list.isError && !list.data ? (
          <div className="care-labs__error">
            <Alert tone="error">{list.error.message}</Alert>
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="care-empty">
            <h2 className="care-empty__title">No lab orders {LAB_STATUS_LABELS[tab].toLowerCase()}</h2>
            <p>{EMPTY[tab]}</p>
          </div>
        ) : (
          <table className="care-table care-labs">
            <caption className="ui-visually-hidden">
              Lab orders {LAB_STATUS_LABELS[tab].toLowerCase()}
            </caption>
            <thead>
              <tr>
                <th scope="col">Patient</th>
                <th scope="col">Panel</th>
                <th scope="col">{LAB_STATUS_LABELS[tab]} since</th>
                <th scope="col">Files</th>
                <th scope="col">Markers entered</th>
              </tr>
            </thead>
            <tbody>
              {items.map((report) => (
                <tr key={report._id}>
                  <th scope="row" data-label="Patient">
                    <Link className="care-table__patient" to={chartPath(report.patient._id)}>
                      {personName(report.patient)}
                    </Link>
                  </th>
                  <td data-label="Panel">
                    <Link to={labReportPath(report._id)}>
                      {report.panel.name}
                      <span className="ui-visually-hidden">, {personName(report.patient)}</span>
                    </Link>
                  </td>
                  <td data-label="Since">
                    <time dateTime={report.status_changed_at}>
                      {formatDateTime(report.status_changed_at)}
                    </time>
                  </td>
                  <td data-label="Files">
                    <span className="care-labs__files">
                      {report.has_requisition ? <Badge tone="info">Requisition</Badge> : null}
                      {report.has_results_pdf ? <Badge tone="success">Results PDF</Badge> : null}
                      {!report.has_requisition && !report.has_results_pdf ? (
                        <span className="care-muted">None</span>
                      ) : null}
                    </span>
                  </td>
                  <td data-label="Markers entered">{report.markers_entered}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}

        {list.hasNextPage ? (
          <div className="care-more">
            <Button
              variant="secondary"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              Load more
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
