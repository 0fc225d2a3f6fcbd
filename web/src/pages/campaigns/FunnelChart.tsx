import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/index.ts';
import { NUMBER } from './status.tsx';

// A campaign's outcome as horizontal bars (Chart.js, as the Overview's chart),
// with the same numbers as a table: the table is its text alternative.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface Step {
  label: string;
  value: number;
  /** A colour that keeps 3:1 against white. */
  color: string;
}

/** Steps as bars, each with its share of `of` (the recipients) in the table. */
export function FunnelChart({ title, steps, of }: { title: string; steps: readonly Step[]; of: number }) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const share = (n: number) => (of > 0 ? `${((n / of) * 100).toFixed(1)} %` : '—');
  return (
    <figure className="funnel-chart" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <div className="funnel-chart-plot" aria-hidden="true">
        <Bars steps={steps} />
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
                <td className="table-cell numeric">{NUMBER.format(step.value)}</td>
                <td className="table-cell numeric">{share(step.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function Bars({ steps }: { steps: readonly Step[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const chart = new Chart(element, {
      type: 'bar',
      data: {
        labels: steps.map((s) => s.label),
        datasets: [{ data: steps.map((s) => s.value), backgroundColor: steps.map((s) => s.color) }],
      },
      options: {
        indexAxis: 'y',
        animation: false,
        maintainAspectRatio: false,
        responsive: true,
        scales: {
          x: { beginAtZero: true, ticks: { precision: 0, color: '#444' } },
          y: { grid: { display: false }, ticks: { color: '#222' } },
        },
        plugins: { legend: { display: false } },
      },
      plugins: [{ id: 'drawn', afterRender: (c) => c.canvas.setAttribute('data-drawn', 'true') }],
    });
    return () => chart.destroy();
  }, [steps]);
  return <canvas ref={canvas} />;
}
