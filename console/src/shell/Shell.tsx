import {
  AppShell,
  Burger,
  Button,
  Group,
  NavLink,
  Select,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { api, expectOk } from '../api/client';
import { useSession } from '../session';
import classes from './Shell.module.css';

interface Item {
  to: string;
  label: string;
  /** Shown only to members who hold this permission. */
  needs?: string;
}

const ITEMS: Item[] = [
  { to: '/connect', label: 'Connect' },
  { to: '/catalogue', label: 'Catalogue' },
  { to: '/installations', label: 'Installations' },
  { to: '/activity', label: 'Activity' },
  { to: '/satellites', label: 'Satellites', needs: 'satellites.view' },
  { to: '/audit', label: 'Audit log', needs: 'audit.view' },
  { to: '/settings', label: 'Settings', needs: 'settings.view' },
  { to: '/teams', label: 'Teams' },
  { to: '/account', label: 'Account' },
];

function TeamSwitcher() {
  const { me, team, selectTeam } = useSession();
  if (me.teams.length === 0) return null;
  return (
    <Select
      aria-label="Team"
      size="xs"
      w={{ base: 140, sm: 200 }}
      allowDeselect={false}
      data={me.teams.map((t) => ({ value: t.id, label: t.name }))}
      value={team?.id ?? null}
      onChange={(id) => id && selectTeam(id)}
    />
  );
}

/** The signed-in console's frame: header with team and account, navigation, the page. */
export function Shell() {
  const [opened, { toggle, close }] = useDisclosure();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const signOut = async () => {
    await expectOk(api.POST('/api/auth/logout'));
    queries.clear();
    void navigate('/sign-in');
  };
  const current = (to: string) =>
    location.pathname === to ||
    location.pathname.startsWith(`${to}/`) ||
    (to === '/connect' && location.pathname === '/');
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menu" />
            <Text component={Link} to="/" fw={700} size="lg">
              Groundstation
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <TeamSwitcher />
            <Text size="sm" visibleFrom="sm" aria-label="Signed in as">
              {session.me.display_name ?? session.me.username}
            </Text>
            <Button size="xs" variant="default" visibleFrom="sm" onClick={() => void signOut()}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Main">
        <VisuallyHidden>
          <h2>Navigation</h2>
        </VisuallyHidden>
        {ITEMS.filter((i) => !i.needs || session.can(i.needs)).map((item) => (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={item.label}
            active={current(item.to)}
            // Filled: the light variant's blue on its tint drops under 4.5:1 when hovered.
            variant="filled"
            aria-current={current(item.to) ? 'page' : undefined}
            onClick={close}
          />
        ))}
        {/* On a phone the header has no room for it: it sits at the end of the menu. */}
        <Button mt="md" variant="default" hiddenFrom="sm" onClick={() => void signOut()}>
          Sign out
        </Button>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
