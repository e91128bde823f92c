import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { PairForm, type CreatedToken } from './PairForm';
import { ShowToken } from './ShowToken';

/** “Pair a satellite”: a registration token, then the command that pairs a satellite with it. */
export function PairSatellite() {
  const [opened, { open, close }] = useDisclosure(false);
  const [created, setCreated] = useState<{ token: CreatedToken; name: string } | null>(null);
  const done = () => {
    setCreated(null);
    close();
  };
  return (
    <>
      <Button onClick={open}>Pair a satellite</Button>
      <Modal
        opened={opened}
        onClose={done}
        title={created ? 'Run this on the satellite’s machine' : 'Pair a satellite'}
        size="lg"
      >
        {created ? (
          <ShowToken token={created.token} name={created.name} onDone={done} />
        ) : (
          <PairForm onCreated={(token, name) => setCreated({ token, name })} onCancel={done} />
        )}
      </Modal>
    </>
  );
}
