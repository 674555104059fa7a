import { consultationPath } from '@portal/domain/consultation/consultation-path';
import { continueIntakeTarget, isResponseAnswered } from '@portal/domain/consultation/continue-intake';
import type { Intake } from '@portal/domain/contracts/intake';
import type { IntakeTemplate } from '@portal/domain/contracts/intake-template';

import type { Patient } from '../../../lib/patient';
import { goesToProtocolSelection } from '../../../lib/protocols';

/**
 * Where "continue" takes the patient back into an incomplete visit (000 §4, the five rules): the profile,
 * the medical history, the first unanswered question, protocol selection for a visit whose template says so (the compounded visit of the demo catalogue), or the
 * treatment preferences of the visit's product.
 */
export function resumeVisitPath(user: Patient, intake: Intake, template: IntakeTemplate): string {
  const main = intake.products.find((p) => !p.is_addon);
  const target = continueIntakeTarget({
    user,
    intake: {
      intake_template: intake.intake_template,
      questionsTotal: intake.status.questions.total,
      completeTotal: intake.status.complete.total,
      questions: intake.intake_responses.map((r) => ({
        questionId: r.question,
        answered: isResponseAnswered(r),
      })),
      productTemplateId: main?.product_template ?? template.product_defaults[0] ?? null,
    },
    compoundedTemplateId: goesToProtocolSelection(template) ? template._id : null,
  });
  const product = main?.product_template ?? null;
  return consultationPath(target, {
    userId: user._id,
    intakeId: intake._id,
    query: {
      product: target.section === 'product-configure' ? (main?.product ?? null) : product,
      intakeTemplateId: target.section === 'product-configure' ? intake.intake_template : null,
    },
  });
}
