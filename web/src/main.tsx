// The dashboard's entry: the query cache and the router, mounted on #root.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './api.ts';
import { routes } from './routes.tsx';
import { sessionQuery } from './session.tsx';
import './styles.css';

// Ask who is signed in now, while the page's own script is still on its way: a
// signed-in page then mounts with its session known and asks for its data at once.
void queryClient.prefetchQuery(sessionQuery);

const router = createBrowserRouter(routes, { basename: '/app' });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
