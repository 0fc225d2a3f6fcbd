import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import type { Step } from './funnel-step.ts';

// The funnel's bars on a canvas (Chart.js), loaded with the first chart shown.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export default function Bars({ steps }: { steps: readonly Step[] }) {
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
