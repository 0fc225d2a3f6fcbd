import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../components/index.ts';
import type { Step } from './funnel-step.ts';
import { formatNumber } from '../../intl.ts';

// A campaign's outcome as horizontal bars (Chart.js, as the Overview's chart),
// with the same numbers as a table: the table is its text alternative. The bars
// (and Chart.js) load only when a chart is shown: a campaign still sending
// shows its figures without waiting for them.
const Bars = lazy(() => import('./FunnelBars.tsx'));

export type { Step };

/** Steps as bars, each with its share of `of` (the recipients) in the table. */
export function FunnelChart({ title, steps, of }: { title: string; steps: readonly Step[]; of: number }) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const share = (n: number) => (of > 0 ? `${((n / of) * 100).toFixed(1)} %` : '—');
  return (
    <figure className="funnel-chart" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <div className="funnel-chart-plot" aria-hidden="true">
        <Suspense fallback={null}>
          <Bars steps={steps} />
        </Suspense>
      </div>
      <Button variant="quiet" onPress={() => setShowTable((shown) => !shown)}>
        {showTable ? 'Hide the table' : 'Show as a table'}
      </Button>
      <div className={showTable ? 'table-scroll' : 'visually-hidden'}>
        <table className="table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="table-column">
                Step
              </th>
              <th scope="col" className="table-column numeric">
                Emails
              </th>
              <th scope="col" className="table-column numeric">
                Of the recipients
              </th>
            </tr>
          </thead>
          <tbody>
            {steps.map((step) => (
              <tr key={step.label}>
                <th scope="row" className="table-cell">
                  {step.label}
                </th>
                <td className="table-cell numeric">{formatNumber(step.value)}</td>
                <td className="table-cell numeric">{share(step.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
