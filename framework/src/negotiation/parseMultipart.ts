import { ApiProblem } from '../problem/ApiProblem.ts';
import { formToObject } from './parseBody.ts';

/**
 * A `multipart/form-data` body (an HTML form with files) as an object, for a route that
 * lists the type: each text field its value, each file a `File` (its `name`, `type`, and
 * bytes to read with `await file.bytes()`), a field sent several times the list of its
 * values, as a URL-encoded form reads. Parsed by the runtime's own `FormData` reader, within
 * the body limit already checked. A body that does not follow its boundary is a 400 problem.
 *
 * @param contentType - the request's `Content-Type`, with its `boundary`
 *
 * @category Negotiation
 */
export async function parseMultipart(
  bytes: Uint8Array,
  contentType: string,
): Promise<Record<string, FormDataEntryValue | FormDataEntryValue[]>> {
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': contentType },
    }).formData();
  } catch (cause) {
    throw new ApiProblem(
      400,
      'The multipart/form-data body could not be read: check its boundary',
      {
        cause,
      },
    );
  }
  return formToObject(form as unknown as Iterable<[string, FormDataEntryValue]>);
}
