import { useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { Button } from '../components/Button.tsx';
import { useSession, useSignOut } from '../session.tsx';
import { Loading } from './Loading.tsx';
import { SCREENS } from './screens.ts';

/**
 * The signed-in page: a skip link, the header (banner) with who is signed in and
 * Sign out, the navigation landmark with the screens, and the main region. On a
 * narrow screen the navigation folds behind a Menu button (a disclosure). After
 * each navigation, focus moves to the main region, so that a screen reader starts
 * reading the new page and Tab continues from it.
 */
export function AppShell() {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const firstPath = useRef(location.pathname);

  useEffect(() => {
    setMenuOpen(false);
    if (location.pathname === firstPath.current) return;
    firstPath.current = '';
    main.current?.focus();
  }, [location.pathname]);

  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <header className="shell-header">
        <span className="brand">Mailgate</span>
        <Button variant="quiet" className="menu-button" aria-expanded={menuOpen} aria-controls="main-nav" onPress={() => setMenuOpen((open) => !open)}>
          Menu
        </Button>
        <div className="who">
          <span className="who-name">{session.user.name ?? session.user.email}</span>
          <span className="who-org">
            {session.organization.name} · {session.role}
          </span>
        </div>
        <Button
          variant="secondary"
          isPending={signOut.isPending}
          onPress={() => signOut.mutate(undefined, { onSettled: () => navigate('/sign-in', { replace: true }) })}
        >
          Sign out
        </Button>
      </header>
      <nav id="main-nav" aria-label="Main" className={`shell-nav${menuOpen ? ' is-open' : ''}`}>
        <ul>
          {SCREENS.map((screen) => (
            <li key={screen.path}>
              <NavLink to={screen.path} end={screen.path === '/'} className="nav-link">
                {screen.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" ref={main} tabIndex={-1} className="shell-main">
        {navigation.state === 'loading' && <Loading />}
        <Outlet />
      </main>
    </div>
  );
}
