/** Names for generated bench data: common Tanzanian given names, surnames and cashew-belt villages. */

const words = (text: string): readonly string[] => text.trim().split(/\s+/);

export const MALE_FIRST_NAMES = words(`
  Juma Hamisi Salum Athumani Issa Rashidi Bakari Hassani Omari Ally Mussa Abdallah Said
  Shabani Ramadhani Selemani Hemedi Mohamedi Yusufu Iddi Baraka Emmanuel Joseph John Daudi
  Petro Elia Godfrey Frank Amani Faraji Jabiri Kassimu Makame Masoud Mbaraka Nassoro
  Rajabu Saidi Zuberi Tumaini Erasto Paulo Wilson Gabrieli Simoni Isaka Yohana Anyisile
  Mrisho
`);

export const FEMALE_FIRST_NAMES = words(`
  Neema Rehema Zawadi Upendo Mwanaisha Fatuma Halima Mwajuma Asha Zainabu Mariamu Amina
  Saida Mwanahawa Tatu Mwanaidi Rukia Hadija Subira Sikudhani Imani Furaha Faraja Baraka
  Joyce Grace Agnes Esther Rose Anna Happiness Witness Pendo Tumaini Mwamvita Salma
  Mwanamisi Mwanaharusi Kuruthumu Zuhura Elizabeth Getrude Lucy Modesta Scholastica
  Theresia Veronika Winfrida Ashura Mwanaamina
`);

export const LAST_NAMES = words(`
  Mwakyusa Mushi Kisanga Mfaume Mollel Libenanga Massawe Kimaro Mbonde Kibwana Chilumba
  Namkulala Namwaya Mtalika Mnyampala Chipanda Mkwawa Lyimo Swai Temba Shirima Minja Mrema
  Urassa Kweka Mtui Njau Lema Laizer Sumari Mwinyi Makame Mnzava Kombo Mkumbo Msuya Mzava
  Nyirenda Mwakasege Mwaipopo Mwansasu Mwandosya Kapinga Komba Ndunguru Haule Mbawala
  Nangale Chitanda Likwelile Mkapa Ngombale Nachilongo Mtenda Mchopa Nandonde Mtanda
  Chinguile Mpwapwa Mohamed Ally Bakari Hassan Juma Omari Salum Athumani Rashid Selemani
  Mussa Magesa Masanja Mabula Shija Ngassa Kulwa Doto Maduhu Nkwabi Lugendo Mallya Tarimo
  Kessy Mbwambo Mhina Sempeho Kilua Shemdoe Mbaga Kaaya Mwamba Sanga Mgaya Kihwelo Mligo
  Mhagama Nchimbi Mapunda Ngonyani Kalinga
`);

/** Villages of the cashew belt (Mtwara, Lindi, Ruvuma, Pwani) that AMCOS are named after. */
export const VILLAGES = words(`
  Mkuranga Nanyumbu Tandahimba Newala Masasi Liwale Ruangwa Nachingwea Kilwa Mtama
  Nanguruwe Mahuta Chiungutwa Mnima Lukuledi Chikundi Mangaka Likokona Michiga Mikangaula
  Naliendele Mpapura Kitangari Makote Mnyambe Luchingu Nanyamba Mdimba Namikupa Mihambwe
  Chikongola Mbuyuni Kiwalala Ndanda Mbemba Nangoo Mtapika Chipite Lupaso Mkomaindo
  Namajani Lulindi Mchauru Mwena Chigugu Mkwiti Lipwidi Namalenga Kilimahewa Mitesa
  Mbwinji Nakapanya Tunduru Namtumbo Mbinga Kibiti Vikindu Shungubweni Kisiju Mwandege
`);

/** Swahili qualifiers that tell apart societies of one village: Upper, Lower, East, West. */
export const VILLAGE_PARTS = ['', 'Juu', 'Chini', 'Mashariki', 'Magharibi'] as const;

/** Tanzanian mobile prefixes after 255 (Vodacom, Airtel, Tigo/Yas, Halotel, TTCL). */
export const MOBILE_PREFIXES = words(`
  74 75 76 68 69 78 65 67 71 77 61 62 73
`);
