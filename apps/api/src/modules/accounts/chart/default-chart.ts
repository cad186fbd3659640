import type { AccountType, Book, MappingKey } from '@ushirika/contracts';

/** The five classes every chart starts from. */
export const DEFAULT_CLASSES: {
  code: string;
  name: string;
  nameSw: string;
  type: AccountType;
  normalBalance: 'debit' | 'credit';
}[] = [
  { code: '1', name: 'Assets', nameSw: 'Mali', type: 'asset', normalBalance: 'debit' },
  { code: '2', name: 'Liabilities', nameSw: 'Madeni', type: 'liability', normalBalance: 'credit' },
  { code: '3', name: 'Equity', nameSw: 'Mtaji', type: 'equity', normalBalance: 'credit' },
  { code: '4', name: 'Income', nameSw: 'Mapato', type: 'income', normalBalance: 'credit' },
  { code: '5', name: 'Expenses', nameSw: 'Matumizi', type: 'expense', normalBalance: 'debit' },
];

/** Groups (shared by both books), keyed by code; the first digit is the class. */
export const DEFAULT_GROUPS: { code: string; name: string; nameSw: string }[] = [
  { code: '11', name: 'Cash and bank', nameSw: 'Fedha taslimu na benki' },
  { code: '12', name: 'Receivables', nameSw: 'Madai' },
  { code: '13', name: 'Inventories', nameSw: 'Bidhaa zilizopo stoo' },
  { code: '14', name: 'Loans to members', nameSw: 'Mikopo kwa wanachama' },
  { code: '15', name: 'Property and equipment', nameSw: 'Mali za kudumu na vifaa' },
  { code: '21', name: 'Payables', nameSw: 'Malipo yanayodaiwa' },
  {
    code: '22',
    name: 'Crop proceeds held for members',
    nameSw: 'Mapato ya mazao yanayoshikiliwa kwa ajili ya wanachama',
  },
  { code: '23', name: 'Taxes and statutory payables', nameSw: 'Kodi na makato ya kisheria yanayodaiwa' },
  { code: '24', name: 'Borrowings', nameSw: 'Mikopo iliyochukuliwa' },
  { code: '31', name: 'Capital and reserves', nameSw: 'Mtaji na akiba' },
  { code: '41', name: 'Levies and commissions', nameSw: 'Tozo na kamisheni' },
  { code: '42', name: 'Other income', nameSw: 'Mapato mengineyo' },
  { code: '51', name: 'Administration expenses', nameSw: 'Matumizi ya utawala' },
  { code: '52', name: 'Staff costs', nameSw: 'Gharama za watumishi' },
  { code: '53', name: 'Finance costs', nameSw: 'Gharama za fedha' },
  { code: '54', name: 'Member services', nameSw: 'Huduma kwa wanachama' },
];

/** `nameSw`: the Swahili name Swahili screens show beside the English one (#20). */
type ChartAccount = { code: string; name: string; nameSw: string; bank?: boolean };

/** A cooperative union's two books: crop money held for members, and the union's own. */
export const DEFAULT_ACCOUNTS: Record<Book, ChartAccount[]> = {
  collection: [
    {
      code: '1101',
      name: 'Crop collection bank account',
      nameSw: 'Akaunti ya benki ya makusanyo ya mazao',
      bank: true,
    },
    { code: '1102', name: 'Collection cash', nameSw: 'Fedha taslimu za makusanyo', bank: true },
    { code: '1201', name: 'Buyer receivables', nameSw: 'Madai kwa wanunuzi' },
    { code: '1401', name: 'Farmer input loans', nameSw: 'Mikopo ya pembejeo kwa wakulima' },
    { code: '2101', name: 'Payable to AMCOS', nameSw: 'Malipo yanayodaiwa na AMCOS' },
    { code: '2102', name: 'Payable to farmers', nameSw: 'Malipo yanayodaiwa na wakulima' },
    { code: '2103', name: 'Payable to beneficiaries', nameSw: 'Malipo yanayodaiwa na wanufaika' },
    { code: '2104', name: 'Payable to transporters', nameSw: 'Malipo yanayodaiwa na wasafirishaji' },
    { code: '2105', name: 'Due to Operation book', nameSw: 'Deni kwa kitabu cha Uendeshaji' },
    { code: '2201', name: 'Crop proceeds payable', nameSw: 'Mapato ya mazao yanayodaiwa' },
    { code: '2202', name: 'Buyer bid securities held', nameSw: 'Dhamana za zabuni za wanunuzi' },
    { code: '3101', name: 'Collection fund balance', nameSw: 'Salio la mfuko wa makusanyo' },
    { code: '4101', name: 'Interest on collection account', nameSw: 'Riba ya akaunti ya makusanyo' },
    { code: '5301', name: 'Collection bank charges', nameSw: 'Gharama za benki za makusanyo' },
  ],
  operation: [
    { code: '1101', name: 'Operation bank account', nameSw: 'Akaunti ya benki ya uendeshaji', bank: true },
    { code: '1102', name: 'Petty cash', nameSw: 'Fedha ndogo taslimu', bank: true },
    { code: '1201', name: 'Trade receivables', nameSw: 'Madai ya biashara' },
    { code: '1202', name: 'Staff advances', nameSw: 'Masurufu ya watumishi' },
    { code: '1203', name: 'VAT recoverable (input)', nameSw: 'VAT ya manunuzi inayorejeshwa' },
    { code: '1204', name: 'Due from Collection book', nameSw: 'Dai kwa kitabu cha Makusanyo' },
    { code: '1205', name: 'Input subsidy receivable', nameSw: 'Madai ya ruzuku ya pembejeo' },
    { code: '1301', name: 'Farm inputs inventory', nameSw: 'Hifadhi ya pembejeo za kilimo' },
    { code: '1302', name: 'Packaging and gunny bags', nameSw: 'Vifungashio na magunia' },
    { code: '1501', name: 'Motor vehicles', nameSw: 'Magari' },
    { code: '1502', name: 'Office furniture and equipment', nameSw: 'Samani na vifaa vya ofisi' },
    { code: '2101', name: 'Supplier payables', nameSw: 'Madeni ya wasambazaji' },
    { code: '2102', name: 'Goods received not invoiced', nameSw: 'Bidhaa zilizopokelewa bila ankara' },
    { code: '2106', name: 'Dividends and bonus payable', nameSw: 'Gawio na bonasi vinavyodaiwa' },
    { code: '2301', name: 'VAT payable (output)', nameSw: 'VAT ya mauzo inayolipwa' },
    { code: '2302', name: 'PAYE and statutory deductions', nameSw: 'PAYE na makato ya kisheria' },
    { code: '2401', name: 'Bank loans', nameSw: 'Mikopo ya benki' },
    { code: '3101', name: 'Members share capital', nameSw: 'Hisa za wanachama' },
    { code: '3102', name: 'Retained earnings', nameSw: 'Ziada iliyolimbikizwa' },
    { code: '3103', name: 'General reserve', nameSw: 'Akiba ya jumla' },
    { code: '4101', name: 'Union levy income', nameSw: 'Mapato ya tozo za chama kikuu' },
    { code: '4102', name: 'Commission on crop sales', nameSw: 'Kamisheni ya mauzo ya mazao' },
    { code: '4201', name: 'Interest income', nameSw: 'Mapato ya riba' },
    { code: '4202', name: 'Other income', nameSw: 'Mapato mengineyo' },
    { code: '4203', name: 'Margin on farm inputs', nameSw: 'Faida ya pembejeo za kilimo' },
    { code: '4204', name: 'Entrance fees', nameSw: 'Ada za kiingilio' },
    { code: '5101', name: 'Office rent', nameSw: 'Kodi ya ofisi' },
    { code: '5102', name: 'Electricity and water', nameSw: 'Umeme na maji' },
    { code: '5103', name: 'Fuel and transport', nameSw: 'Mafuta na usafiri' },
    { code: '5104', name: 'Repairs and maintenance', nameSw: 'Matengenezo' },
    { code: '5105', name: 'Meetings and general assembly', nameSw: 'Vikao na mkutano mkuu' },
    { code: '5106', name: 'Audit fees', nameSw: 'Ada za ukaguzi' },
    { code: '5201', name: 'Salaries and wages', nameSw: 'Mishahara na ujira' },
    { code: '5202', name: 'Staff allowances', nameSw: 'Posho za watumishi' },
    { code: '5301', name: 'Bank charges', nameSw: 'Gharama za benki' },
    { code: '5302', name: 'Interest on loans', nameSw: 'Riba ya mikopo' },
    { code: '5401', name: 'Inputs issued to farmers', nameSw: 'Pembejeo zilizotolewa kwa wakulima' },
  ],
};

/** The default account of each posting role: book and account code. */
export const DEFAULT_MAPPINGS: Record<MappingKey, string> = {
  buyer_receivable: '1201',
  crop_proceeds_payable: '2201',
  payable_amcos: '2101',
  payable_farmers: '2102',
  payable_beneficiaries: '2103',
  payable_transporters: '2104',
  farmer_loans: '1401',
  collection_bank: '1101',
  operation_bank: '1101',
  inventory: '1301',
  grni: '2102',
  supplier_payables: '2101',
  vat_input: '1203',
  vat_output: '2301',
  inputs_issued_expense: '5401',
  levy_income: '4101',
  due_to_operation: '2105',
  due_from_collection: '1204',
  input_margin_income: '4203',
  input_subsidy_receivable: '1205',
  payout_fees: '5301',
  share_capital: '3101',
  entrance_fee_income: '4204',
  general_reserve: '3103',
  dividends_payable: '2106',
  collection_retained_earnings: '3101',
  operation_retained_earnings: '3102',
};
