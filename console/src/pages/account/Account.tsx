import { Stack } from '@mantine/core';
import { useSession } from '../../session';
import { PageHeader } from '../../ui/feedback';
import { ConnectedApps } from './ConnectedApps';
import { EmailSection } from './EmailSection';
import { Grants } from './Grants';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';

/** The member's own account: profile, email, password, and the apps acting for them. */
export default function Account() {
  const { me, isAdmin } = useSession();
  return (
    <>
      <PageHeader
        title="Your account"
        description={`Signed in as ${me.username}${isAdmin ? ', an administrator of this service' : ''}.`}
      />
      <Stack gap="lg" maw={960}>
        <ProfileSection />
        <EmailSection />
        <PasswordSection />
        <ConnectedApps />
        <Grants />
      </Stack>
    </>
  );
}
