import { Stepper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { api, unwrap } from '../../api/client';
import { useMe } from '../../session';
import { ErrorNotice, Loading } from '../../ui/feedback';
import { AuthFrame } from './AuthFrame';
import { AdminStep } from './setup/AdminStep';
import { DatabaseStep } from './setup/DatabaseStep';

/** First run: choose the database (with the code from the log), then create the administrator. */
export default function Setup() {
  const me = useMe();
  const status = useQuery({
    queryKey: ['db-status'],
    queryFn: () => unwrap(api.GET('/api/db/status')),
  });
  const [step, setStep] = useState<number | null>(null);
  const [alreadyConfigured, setAlreadyConfigured] = useState(false);
  if (me.data) return <Navigate to="/" replace />;
  const body = status.isPending ? (
    <Loading what="the service's state" />
  ) : status.error ? (
    <ErrorNotice error={status.error} title="The service did not answer" />
  ) : (
    <Stepper active={step ?? (status.data.configured ? 1 : 0)} allowNextStepsSelect={false}>
      <Stepper.Step label="Database" description="Where data is kept">
        <DatabaseStep
          onDone={(already) => {
            setAlreadyConfigured(already);
            setStep(1);
          }}
        />
      </Stepper.Step>
      <Stepper.Step label="Administrator" description="The first account">
        <AdminStep alreadyConfigured={alreadyConfigured} />
      </Stepper.Step>
    </Stepper>
  );
  return (
    <AuthFrame title="Set up Groundstation" width={600}>
      {body}
    </AuthFrame>
  );
}
