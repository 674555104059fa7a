import { type LoaderFunctionArgs, redirect } from 'react-router';
import { ensureSignedIn } from './guards';
import { SECTION_PAGE_SECTIONS } from './route-meta';

const seg = encodeURIComponent;

/** Sections whose screens live at /consultation/{section}/{userId}/{intakeId}/question/{questionId}. */
const QUESTION_SECTIONS: Record<string, string> = {
  hiw: 'none',
  profile: 'none',
  body: 'none',
  'pharmacy-overview': 'none',
  'pharmacy-questions': 'current',
  intake: 'current',
};

/**
 * Consultation paths in their other spellings (000 §2 lists both bases for every section): each goes to the
 * path its screen lives at, keeping the suffix and query, so every consultation route resolves.
 */
export async function aliasRedirect({ params, request }: LoaderFunctionArgs): Promise<Response | null> {
  const url = new URL(request.url);
  const section = params.section ?? 'protocol-selection';
  const intakeId = params.intakeId ?? '';
  const suffix = url.pathname
    .split('/')
    .slice(params.userId ? 7 : 4)
    .join('/');
  const tail = `${suffix ? `/${suffix}` : ''}${url.search}`;
  if ((SECTION_PAGE_SECTIONS as readonly string[]).includes(section) && params.userId)
    return redirect(`/consultation/${section}/${seg(intakeId)}${tail}`);
  if (section === 'protocol-selection' || section === 'protocol-preference')
    return redirect(`/consultation/protocol-selection/${seg(intakeId)}${url.search}`);
  const question = QUESTION_SECTIONS[section];
  if (question && !params.userId) {
    const userId = (await ensureSignedIn(request))._id;
    const target = section === 'body' ? 'profile' : section;
    return redirect(
      `/consultation/${target}/${seg(userId)}/${seg(intakeId)}/question/${question}${url.search}`,
    );
  }
  if (section === 'body')
    return redirect(
      `/consultation/profile/${seg(params.userId ?? '')}/${seg(intakeId)}/question/none${url.search}`,
    );
  return null;
}
