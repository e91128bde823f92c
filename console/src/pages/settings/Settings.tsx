import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../../api/client';
import { useSession } from '../../session';
import { ErrorNotice, Loading, PageHeader } from '../../ui/feedback';
import { SettingGroup } from './SettingGroup';
import { TestEmail } from './TestEmail';

const fetchSettings = () => unwrap(api.GET('/api/settings'));

export default function Settings() {
  const { can, me } = useSession();
  const settings = useQuery({ queryKey: ['settings'], queryFn: fetchSettings });
  const editable = can('settings.edit');
  const header = (
    <PageHeader
      title="Settings"
      description={
        editable
          ? 'Service-wide settings. Each group saves on its own; a reset returns a setting to its default.'
          : 'Service-wide settings, for administrators.'
      }
    />
  );
  if (settings.isPending) {
    return (
      <>
        {header}
        <Loading what="settings" />
      </>
    );
  }
  if (settings.isError) {
    const denied = settings.error instanceof ApiError && settings.error.status === 403;
    return (
      <>
        {header}
        <ErrorNotice
          error={settings.error}
          title={denied ? 'Not permitted: global settings are for administrators' : undefined}
        />
      </>
    );
  }
  return (
    <>
      {header}
      <Stack gap="lg">
        {settings.data.groups.map((group) => (
          <SettingGroup key={group.group} group={group} editable={editable} />
        ))}
        {can('email.test') ? <TestEmail defaultTo={me.email ?? ''} /> : null}
      </Stack>
    </>
  );
}
