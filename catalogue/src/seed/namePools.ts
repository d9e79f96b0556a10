/**
 * One part of a name: either text already written in the Latin alphabet, or a pair of the
 * name in its own script and a Latin transliteration (used for handles and web addresses).
 */
export type NamePart = string | readonly [native: string, latin: string];

/**
 * Given names and family names that belong together, and how to put them in order.
 *
 * Keeping each naming tradition in its own pool avoids improbable mixes, and splitting
 * pools by gender where family names change with it (Polish, Greek) keeps names grammatical.
 */
export interface NamePool {
  /** A label for readers of this file; it is not stored. */
  readonly label: string;
  /**
   * How many of the conference's speakers get a name from this pool. Each given name and
   * each family name is used at most once, so both lists need at least this many entries.
   */
  readonly speakers: number;
  /** Given names, including any middle names that always travel with them. */
  readonly givenNames: readonly NamePart[];
  /** Family names. */
  readonly familyNames: readonly NamePart[];
  /** Whether the family name is written first, as in Japanese, Chinese, Korean or Vietnamese. */
  readonly familyFirst: boolean;
  /** What goes between the parts: a space, or nothing for Chinese and Korean script. */
  readonly separator: string;
}

/** Every pool the speakers' names are drawn from. Their `speakers` counts add up to 76. */
export const NAME_POOLS: readonly NamePool[] = [
  {
    label: 'English and Irish',
    speakers: 8,
    givenNames: ['Zoë', 'Siobhán', 'Liam', 'Eleanor', 'Declan', 'Harriet', 'Niamh', 'Callum'],
    familyNames: [
      "O'Connell",
      "O'Brien",
      'McAllister',
      "D'Arcy",
      'Hargreaves',
      'Whitaker',
      'Kavanagh',
      'Pemberton',
    ],
    familyFirst: false,
    separator: ' ',
  },
  {
    label: 'French',
    speakers: 5,
    givenNames: ['Anne-Sophie', 'Jérôme', 'Hélène', 'Benoît', 'Maëlle', 'François', 'Élodie'],
    familyNames: ['Lefèvre', 'Dubois', 'Mercier', 'Fontaine', 'Lacroix', 'Chevalier'],
    familyFirst: false,
    separator: ' ',
  },
  {
    label: 'German',
    speakers: 5,
    givenNames: ['Jürgen', 'Lena', 'Matthias', 'Käthe', 'Jörg', 'Friederike', 'Sören'],
    familyNames: ['Müller', 'Schröder', 'Weiß', 'Köhler', 'Brandstätter', 'Baumgärtner'],
    familyFirst: false,
    separator: ' ',
  },
  {
    label: 'Nordic and Finnish',
    speakers: 4,
    givenNames: ['Åsa', 'Søren', 'Björn', 'Ingrid', 'Astrid', 'Henrik', 'Aino'],
    familyNames: ['Lindqvist', 'Sørensen', 'Håkansson', 'Bergström', 'Ødegaard', 'Mäkinen'],
    familyFirst: false,
    separator: ' ',
  },
  {
    label: 'Spanish and Portuguese',
    speakers: 6,
    givenNames: ['José', 'Lucía', 'Andrés', 'Sofía', 'João', 'Inês', 'Íñigo', 'Begoña'],
    familyNames: ['García', 'Núñez', 'Peña', 'Ibáñez', 'Gonçalves', 'Araújo', 'Calderón'],
    familyFirst: false,
    separator: ' ',
  },
  {
    label: 'Italian',
    speakers: 4,
    givenNames: ['Giulia', 'Matteo', 'Niccolò', 'Chiara', 'Lorenzo', 'Francesca'],
    familyNames: ["D'Angelo", "Dell'Orto", 'Esposito', 'De Santis', 'Lombardi', 'Ricci'],
    familyFirst: false,
    separator: ' ',
  },
  {
    label: 'Polish (men)',
    speakers: 2,
    givenNames: ['Łukasz', 'Paweł', 'Wojciech', 'Michał'],
    familyNames: ['Wiśniewski', 'Dąbrowski', 'Kowalczyk', 'Woźniak'],
    familyFirst: false,
    separator: ' ',
  },
  {
    label: 'Polish (women)',
    speakers: 2,
    givenNames: ['Agnieszka', 'Małgorzata', 'Zofia', 'Katarzyna'],
    familyNames: ['Wiśniewska', 'Dąbrowska', 'Kowalczyk', 'Woźniak'],
    familyFirst: false,
    separator: ' ',
  },
  {
    label: 'Ukrainian',
    speakers: 3,
    givenNames: [
      ['Олена', 'Olena'],
      ['Андрій', 'Andrii'],
      ['Оксана', 'Oksana'],
      ['Тарас', 'Taras'],
      ['Ірина', 'Iryna'],
    ],
    familyNames: [
      ['Шевченко', 'Shevchenko'],
      ['Коваленко', 'Kovalenko'],
      ['Ткаченко', 'Tkachenko'],
      ['Мельничук', 'Melnychuk'],
    ],
    familyFirst: false,
    separator: ' ',
  },
  {
    label: 'Greek (men)',
    speakers: 2,
    givenNames: [
      ['Αλέξανδρος', 'Alexandros'],
      ['Νικόλαος', 'Nikolaos'],
      ['Δημήτρης', 'Dimitris'],
    ],
    familyNames: [
      ['Παππάς', 'Pappas'],
      ['Παπαδόπουλος', 'Papadopoulos'],
      ['Οικονόμου', 'Oikonomou'],
    ],
    familyFirst: false,
    separator: ' ',
  },
  {
    label: 'Greek (women)',
    speakers: 2,
    givenNames: [
      ['Ελένη', 'Eleni'],
      ['Κατερίνα', 'Katerina'],
      ['Σοφία', 'Sofia'],
    ],
    familyNames: [
      ['Παππά', 'Pappa'],
      ['Παπαδοπούλου', 'Papadopoulou'],
      ['Γεωργίου', 'Georgiou'],
    ],
    familyFirst: false,
    separator: ' ',
  },
  {
    label: 'Turkish',
    speakers: 3,
    givenNames: ['Ayşe', 'Çağrı', 'Elif', 'Gökhan', 'Zeynep', 'Barış'],
    familyNames: ['Yılmaz', 'Öztürk', 'Şahin', 'Doğan', 'Kılıç', 'Çelik'],
    familyFirst: false,
    separator: ' ',
  },
  {
    label: 'Vietnamese',
    speakers: 3,
    givenNames: ['Thị Mai', 'Văn Hùng', 'Minh Anh', 'Đức Thắng', 'Thu Trang', 'Quốc Bảo'],
    familyNames: ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Đặng'],
    familyFirst: true,
    separator: ' ',
  },
  {
    label: 'Japanese',
    speakers: 4,
    givenNames: [
      ['花子', 'Hanako'],
      ['健太', 'Kenta'],
      ['美咲', 'Misaki'],
      ['翔太', 'Shota'],
      ['由美', 'Yumi'],
      ['大輔', 'Daisuke'],
    ],
    familyNames: [
      ['山田', 'Yamada'],
      ['佐藤', 'Sato'],
      ['高橋', 'Takahashi'],
      ['渡辺', 'Watanabe'],
      ['中村', 'Nakamura'],
    ],
    familyFirst: true,
    separator: ' ',
  },
  {
    label: 'Chinese',
    speakers: 4,
    givenNames: [
      ['芳', 'Fang'],
      ['伟', 'Wei'],
      ['静怡', 'Jingyi'],
      ['晓明', 'Xiaoming'],
      ['雨桐', 'Yutong'],
      ['浩然', 'Haoran'],
    ],
    familyNames: [
      ['王', 'Wang'],
      ['李', 'Li'],
      ['张', 'Zhang'],
      ['陈', 'Chen'],
      ['周', 'Zhou'],
    ],
    familyFirst: true,
    separator: '',
  },
  {
    label: 'Korean',
    speakers: 3,
    givenNames: [
      ['민준', 'Minjun'],
      ['서연', 'Seoyeon'],
      ['지훈', 'Jihoon'],
      ['하은', 'Haeun'],
      ['도윤', 'Doyun'],
    ],
    familyNames: [
      ['김', 'Kim'],
      ['박', 'Park'],
      ['최', 'Choi'],
      ['정', 'Jung'],
    ],
    familyFirst: true,
    separator: '',
  },
  {
    label: 'Indian',
    speakers: 5,
    givenNames: ['Priya', 'Arjun', 'Ananya', 'Rohan', 'Kavya', 'Vikram', 'Lakshmi', 'Siddharth'],
    familyNames: ['Raghunathan', 'Iyer', 'Chatterjee', 'Deshpande', 'Menon', 'Venkataraman'],
    familyFirst: false,
    separator: ' ',
  },
  {
    label: 'Nigerian and Ghanaian',
    speakers: 4,
    givenNames: ['Chinonso', 'Adaeze', 'Kwame', 'Ama', 'Oluwaseun', 'Folake'],
    familyNames: ['Okafor', 'Adeyemi', 'Mensah', 'Boateng', 'Nwosu', 'Asante'],
    familyFirst: false,
    separator: ' ',
  },
  {
    label: 'Senegalese and Malian',
    speakers: 3,
    givenNames: ['Aminata', 'Moussa', 'Fatou', 'Ousmane', 'Awa'],
    familyNames: ["N'Diaye", 'Diallo', 'Traoré', 'Koné', 'Cissé'],
    familyFirst: false,
    separator: ' ',
  },
  {
    label: 'Arabic',
    speakers: 2,
    givenNames: [
      ['ليلى', 'Layla'],
      ['عمر', 'Omar'],
      ['نور', 'Nour'],
      ['يوسف', 'Youssef'],
    ],
    familyNames: [
      ['حداد', 'Haddad'],
      ['منصور', 'Mansour'],
      ['الخطيب', 'Alkhatib'],
    ],
    familyFirst: false,
    separator: ' ',
  },
  {
    label: 'Māori',
    speakers: 2,
    givenNames: ['Aroha', 'Tāne', 'Mārama', 'Wiremu'],
    familyNames: ['Ngata', 'Te Rangi', 'Parata'],
    familyFirst: false,
    separator: ' ',
  },
];
