import { expectOk } from '../../api/client';

interface MessageAnswer {
  data?: { message?: string };
  error?: unknown;
  response: Response;
}

/** The API's own message of a message-only answer, or its error as an ApiError. */
export async function answerMessage(
  call: Promise<MessageAnswer>,
  fallback: string,
): Promise<string> {
  const answer = await call;
  await expectOk(Promise.resolve(answer));
  return answer.data?.message ?? fallback;
}
