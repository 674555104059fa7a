import { url } from './browser';

/**
 * Direct API calls for the parts of a browser test that are not what it tests (setting up a patient who has
 * already answered the visit, reading the catalogue, checking what was stored).
 */
export class PortalApi {
  constructor(
    readonly org: string,
    readonly token = '',
    readonly userId = '',
  ) {}

  static async forHost(host = 'localhost'): Promise<PortalApi> {
    const res = await fetch(url(`/organization/search?domain=${host}`, host), {
      headers: { accept: 'application/json' },
    });
    return new PortalApi(((await res.json()) as { _id: string })._id);
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(url(path), {
      method,
      headers: {
        accept: 'application/json',
        organization: this.org,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }

  async ok<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.call<T>(method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async signup(email: string, password = 'Secret123'): Promise<PortalApi> {
    const { token, user } = await this.ok<{ token: string; user: { _id: string } }>('POST', '/v2/users', {
      first_name: 'Robin',
      last_name: 'Checkout',
      email,
      password,
      organization: this.org,
      accepted_terms: true,
    });
    return new PortalApi(this.org, token, user._id);
  }

  async login(email: string, password: string): Promise<PortalApi> {
    const { token, user } = await this.ok<{ token: string; user: { _id: string } }>(
      'POST',
      `/login/${this.org}`,
      { email, password },
    );
    return new PortalApi(this.org, token, user._id);
  }

  async productTemplate(
    slug: string,
  ): Promise<{ _id: string; name: string; type: string; intake_template: string | null }> {
    const page = await this.ok<{
      docs: { _id: string; slug: string; name: string; type: string; intake_template: string | null }[];
    }>('GET', '/v2/products?page=1&limit=50');
    const found = page.docs.find((d) => d.slug === slug);
    if (!found) throw new Error(`no product ${slug} in the shop`);
    return found;
  }

  /** An adult Californian with a medical profile, as the profile and medical history steps leave them. */
  async completeProfile(): Promise<void> {
    await this.ok('PUT', `/users/${this.org}/${this.userId}`, {
      sex: 'male',
      birthday: '04-12-1978',
      state: 'CA',
      weight: 180,
      height: 70,
      medical_profile: {
        pregnant: false,
        planning_pregnancy: false,
        breastfeeding: false,
        has_allergies: false,
        has_medical_conditions: false,
        has_current_medications: false,
      },
    });
  }

  /** Opens a visit for a product and answers every question (No, None, a short text). */
  async answeredVisit(productTemplateId: string): Promise<string> {
    const template = await this.ok<{
      _id: string;
      questions: {
        _id: string;
        type: string;
        options: { _id: string; label: string; include_none: boolean }[];
      }[];
    }>('GET', `/intake-template/${this.org}/product/${productTemplateId}`);
    const intake = await this.ok<{ _id: string; intake_responses: { _id: string; question: string }[] }>(
      'POST',
      `/users/${this.org}/user/${this.userId}/template/${template._id}`,
      {},
    );
    for (const question of template.questions) {
      const response = intake.intake_responses.find((r) => r.question === question._id);
      if (!response) throw new Error('a question has no response slot');
      const pick =
        question.options.find((o) => o.include_none) ??
        question.options.find((o) => o.label === 'No') ??
        question.options[0];
      const body =
        question.type === 'radio' || question.type === 'checkbox'
          ? { response: [pick!._id] }
          : { free_format_response: 'Nothing to add.' };
      await this.ok(
        'PUT',
        `/intakes/${this.org}/patient/${this.userId}/intake/${intake._id}/response/${response._id}`,
        body,
      );
    }
    return intake._id;
  }

  async intake(intakeId: string) {
    return this.ok<{
      patient_complete: boolean;
      products: { product_template: string; product?: string | null }[];
    }>('GET', `/intakes/${this.org}/patient/${this.userId}/patient-intake/${intakeId}`);
  }
}
