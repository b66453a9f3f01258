/** Text fixtures for the sectioning tests: two clearly different topics. */

const KELP = [
  'Kelp farming begins in a hatchery where spores are seeded onto spools of twine.',
  'Growers lower the seeded lines onto longline ropes anchored in cold coastal water.',
  'The kelp blades grow quickly through the winter, fed by nutrients in the seawater.',
  'Farmers check the moorings and buoys after storms to keep the kelp lines afloat.',
  'Harvest comes in spring, when the kelp blades are long and the water starts to warm.',
  'Seaweed growers dry or blanch the harvested kelp before selling it to processors.',
  'Kelp absorbs nitrogen and carbon, so seaweed farms can improve local water quality.',
  'Many kelp farmers are fishermen who use their boats in the off season for seaweed.',
  'Sugar kelp and ribbon kelp are the species most often grown on these farms.',
  'Spore density on the twine decides how thickly the kelp grows along each rope.',
];

const FERRY = [
  'The ferry timetable lists departures from the harbour terminal every forty minutes.',
  'Passengers should arrive at the terminal before departure to board with their tickets.',
  'On weekends the ferry schedule changes and fewer crossings run after the evening rush.',
  'Vehicle tickets for the ferry must be booked online before the day of travel.',
  'Delays are posted on the terminal boards when weather disrupts the crossing schedule.',
  'The morning departures connect with the train timetable at the mainland station.',
  'Season passes give commuters unlimited crossings on every ferry route for a month.',
  'Holiday timetables add extra departures for passengers travelling with vehicles.',
  'The last ferry of the night leaves the island terminal shortly before midnight.',
  'Ticket prices for foot passengers are lower during the off-peak crossing hours.',
];

/** `n` paragraphs of about 4 sentences each, drawn in a fixed rotation from `pool`. */
function paragraphs(pool: string[], n: number, offset = 0): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const s: string[] = [];
    for (let j = 0; j < 4; j++) s.push(pool[(offset + i * 3 + j * 7) % pool.length]);
    out.push(s.join(' '));
  }
  return out;
}

export const kelp = (n: number, offset = 0) => paragraphs(KELP, n, offset);
export const ferry = (n: number, offset = 0) => paragraphs(FERRY, n, offset);

/** 10 paragraphs about kelp farming, then 10 about ferry timetables, no headings. */
export function twoTopics(): { text: string; change: number } {
  const first = kelp(10).join('\n\n');
  const text = first + '\n\n' + ferry(10).join('\n\n');
  return { text, change: first.length + 2 };
}
