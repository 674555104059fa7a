/* The medical history's questions are shared with the dashboard's visit review: they live in lib. */
export * from '../../../lib/medical-history';
