BEGIN TRANSACTION;
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('v3.2.0.a');
CREATE TABLE studies (
	study_id INTEGER NOT NULL, 
	study_name VARCHAR(512) NOT NULL, 
	PRIMARY KEY (study_id)
);
INSERT INTO "studies" VALUES(1,'fedpac');
CREATE TABLE study_directions (
	study_direction_id INTEGER NOT NULL, 
	direction VARCHAR(8) NOT NULL, 
	study_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	PRIMARY KEY (study_direction_id), 
	UNIQUE (study_id, objective), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "study_directions" VALUES(1,'MAXIMIZE',1,0);
CREATE TABLE study_system_attributes (
	study_system_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_system_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE study_user_attributes (
	study_user_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_user_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE trial_heartbeats (
	trial_heartbeat_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	heartbeat DATETIME NOT NULL, 
	PRIMARY KEY (trial_heartbeat_id), 
	UNIQUE (trial_id), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
CREATE TABLE trial_intermediate_values (
	trial_intermediate_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	step INTEGER NOT NULL, 
	intermediate_value FLOAT, 
	intermediate_value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_intermediate_value_id), 
	UNIQUE (trial_id, step), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,5.90553613053613063454e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,4.66602564102564093539e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,4.94395604395604440495e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,0.0398557276057276,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,4.14990842490842448686e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,4.23854478854478883276e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,3.09990842490842494205e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,3.66245421245421226563e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,3.28593906093906096277e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,3.7102980352980347023e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,3.71240426240426191206e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,3.80905760905760892853e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,5.36235431235431228569e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,1.22533300033300027176e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,2.0024167499167497275e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,2.84428904428904449908e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,1.14598817848817841058e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,3.35339160839160765892e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,3.60112970362970352677e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,3.75072177822177887929e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,2,1,8.6968364968364963996e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,2,2,1.58391941391941404315e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,2,3,2.81356227106227096967e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,2,4,3.85001748251748154849e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,2,5,4.14293956043956079771e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,2,6,4.79664252414252423317e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,2,7,4.95584165834165868425e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,2,8,5.28336913086913106951e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,2,9,0.548140442890443,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,2,10,5.78032301032301076837e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,2,11,6.01874292374292463314e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,2,12,5.97355894105894069667e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,2,13,6.20906260406260512851e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,2,14,0.614969030969031,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,2,15,6.16007992007992055683e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,2,16,6.15528554778554726212e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,2,17,6.28147602397602367041e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,2,18,6.37019397269397269489e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,2,19,6.41240093240093234072e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,2,20,6.38016650016650088694e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,3,1,6.29665334665334558428e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,3,2,7.01858974358974263552e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,4,1,8.98589743589743722429e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,4,2,1.92254578754578769883e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,4,3,3.37554029304029279412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,4,4,4.26302614052614048389e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,4,5,4.65796703296703362706e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,4,6,5.31657842157842175367e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,4,7,5.71819014319014384817e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(50,4,8,5.93332667332667318405e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(51,4,9,5.89574508824508902726e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(52,4,10,0.614139443889444,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(53,4,11,6.10819763569763640731e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(54,4,12,0.604888444888445,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(55,4,13,6.36587579087579125136e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(56,4,14,6.36057858807858811367e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(57,4,15,0.639192057942058,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(58,4,16,6.27258075258075309399e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(59,4,17,6.37756993006993067041e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(60,4,18,6.36263569763569791781e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(61,4,19,6.72072510822510738037e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(62,4,20,0.641444721944722,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(63,5,1,7.8817266067266078533e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(64,5,2,7.77728937728937724793e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(65,5,3,9.63882783882783894524e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(66,5,4,1.33018231768231770528e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(67,5,5,1.64211538461538464339e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(68,5,6,2.23162920412920434687e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(69,5,7,2.74483516483516487571e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(70,5,8,3.23510073260073249823e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(71,5,9,3.3392898767898765433e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(72,5,10,3.78273726273726240698e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(73,5,11,0.430027639027639,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(74,5,12,4.43233349983350066736e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(75,5,13,4.59009906759906827211e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(76,5,14,4.81836247086247115856e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(77,5,15,4.61789710289710331192e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(78,5,16,5.01246503496503570396e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(79,5,17,5.09079836829836818168e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(80,5,18,5.06317932067932074957e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(81,5,19,5.27574925074925094037e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(82,5,20,5.08094988344988340855e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(83,6,1,0.0765018315018315,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(84,6,2,8.65567765567765712297e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(85,6,3,1.53395604395604401304e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(86,6,4,2.15293456543456551699e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(87,6,5,2.32126373626373616598e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(88,6,6,3.1939185814185816481e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(89,6,7,3.67684065934065884562e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(90,6,8,4.08120879120879187507e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(91,6,9,4.30912504162504150784e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(92,6,10,4.50388195138195168709e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(93,6,11,4.66977522477522555277e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(94,6,12,4.83524142524142552801e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(95,6,13,5.16631701631701689692e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(96,6,14,5.26685314685314653893e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(97,6,15,5.02211871461871517396e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(98,6,16,5.27802364302364379611e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(99,6,17,5.54383949383949414801e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(100,6,18,5.76433316683316654405e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(101,6,19,0.585482017982018,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(102,6,20,5.71966783216783292154e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(103,7,1,2.11239260739260747978e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(104,7,2,1.09132284382284380774e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(105,7,3,2.13571428571428606479e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(106,7,4,3.883777056277055717e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(107,7,5,4.9175133200133203104e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(108,7,6,5.61052863802863899245e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(109,7,7,5.96040459540459588438e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(110,7,8,6.27304612054612076299e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(111,7,9,6.45566516816516888788e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(112,7,10,6.48361388611388589353e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(113,7,11,6.63688311688311660674e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(114,7,12,6.59376040626040493819e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(115,7,13,0.670256993006993,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(116,7,14,6.76959373959374111073e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(117,7,15,6.78114135864135936238e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(118,7,16,6.82798201798201720436e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(119,7,17,0.677959373959374,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(120,7,18,6.85851814851814789442e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(121,7,19,0.69300333000333,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(122,7,20,6.9238153513153510854e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(123,8,1,8.02962037962038077676e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(124,8,2,1.55586080586080560683e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(125,8,3,2.48906593406593434902e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(126,8,4,3.98636863136863139889e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(127,8,5,4.44086080586080622634e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(128,8,6,5.20869380619380595298e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(129,9,1,1.10879537129537131256e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(130,9,2,1.51571428571428551412e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(131,10,1,0.164041625041625,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(132,10,2,2.15058025308025313471e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(133,10,3,4.03257742257742246572e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(134,10,4,4.52977355977355944371e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(135,10,5,0.517157758907759,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(136,10,6,5.96376540126540177766e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(137,10,7,0.611275308025308,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(138,10,8,6.51214868464868423814e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(139,10,9,6.49866883116883120585e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(140,10,10,6.55676406926406940556e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(141,10,11,0.664833916083916,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(142,10,12,6.50322011322011395151e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(143,10,13,6.70193806193806085325e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(144,10,14,6.66310106560106474304e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(145,10,15,6.72333916083916127703e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(146,10,16,6.70753829503829446245e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(147,10,17,6.78569264069264099781e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(148,10,18,6.70137529137529219802e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(149,10,19,7.03604478854478854188e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(150,10,20,7.0312828837828833528e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(151,11,1,5.6153846153846158351e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(152,11,2,5.57430902430902444621e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(153,12,1,1.82424741924741978804e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(154,12,2,2.07707875457875501545e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(155,12,3,3.42392857142857054419e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(156,12,4,4.76306027306027335299e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(157,12,5,5.28806526806526844275e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(158,12,6,0.597733682983683,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(159,12,7,6.14855477855477894344e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(160,12,8,6.32857725607725685179e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(161,12,9,0.64489343989344,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(162,12,10,6.49054612054612123372e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(163,12,11,0.665583916083916,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(164,12,12,6.58667249417249411891e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(165,12,13,0.669691058941059,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(166,12,14,6.72000582750582720059e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(167,12,15,6.78000582750582725388e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(168,12,16,6.79822011322011254819e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(169,12,17,6.7310772560772558215e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(170,12,18,6.87804195804195717123e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(171,12,19,7.00289044289044149138e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(172,12,20,0.705631535131535,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(173,13,1,1.02197802197802195545e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(174,13,2,1.20491758241758242786e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(175,14,1,2.28801531801531843335e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(176,14,2,3.21201298701298709747e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(177,14,3,4.90673909423909482274e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(178,14,4,5.44019896769896815769e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(179,14,5,5.78404012654012644745e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(180,14,6,6.15088578088578197267e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(181,14,7,6.3531976356976360698e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(182,14,8,6.5511738261738261535e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(183,14,9,6.46227772227772279123e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(184,14,10,6.54480436230436168898e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(185,14,11,6.64572011322011380052e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(186,14,12,6.55012487512487417973e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(187,14,13,6.73667249417249425214e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(188,14,14,6.60310106560106468975e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(189,14,15,6.55697469197469184898e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(190,14,16,6.70435647685647673199e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(191,14,17,6.77616883116883061966e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(192,14,18,6.67328005328005402496e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(193,15,1,1.21151931401931409193e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(194,15,2,1.36096570096570085306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(195,15,3,3.30911588411588353242e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(196,15,4,5.02940642690642647494e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(197,15,5,5.34863303363303455029e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(198,15,6,5.84808358308358311461e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(199,15,7,6.05138444888444926306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(200,15,8,6.3005785880785891706e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(201,15,9,6.41798701298701201878e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(202,15,10,0.644715367965368,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(203,15,11,6.68619630369630346677e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(204,15,12,0.656819264069264,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(205,15,13,6.67429154179154160431e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(206,15,14,6.79878787878787860243e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(207,15,15,6.81929154179154117798e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(208,15,16,6.8006010656010640325e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(209,15,17,6.79997335997335916601e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(210,15,18,6.77411338661338624511e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(211,16,1,1.26134615384615400568e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(212,16,2,2.68917582417582456955e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(213,16,3,4.20475274725274683618e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(214,16,4,4.85715617715617775651e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(215,16,5,5.22545288045288103262e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(216,16,6,5.76958125208125283123e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(217,17,1,5.93053613053613135064e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(218,17,2,5.73800366300366293526e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(219,17,3,5.76831501831501849975e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(220,17,4,8.25956543456543429426e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(221,17,5,1.34967948717948732495e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(222,17,6,2.91894105894105915233e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(223,18,1,1.23072261072261088243e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(224,18,2,1.70839743589743631169e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(225,18,3,3.59780219780219789882e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(226,18,4,4.90480103230103325895e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(227,18,5,5.53556526806526782991e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(228,18,6,5.84838578088578087132e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(229,19,1,5.90553613053613063454e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(230,19,2,4.99363136863136894416e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(231,20,1,9.82124542124542254661e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(232,20,2,0.174257326007326,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(233,20,3,2.83352564102564097314e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(234,20,4,3.85353896103896087499e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(235,20,5,4.51692307692307781774e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(236,20,6,5.11274142524142494181e-01,'FINITE');
CREATE TABLE trial_params (
	param_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	param_name VARCHAR(512), 
	param_value FLOAT, 
	distribution_json TEXT, 
	PRIMARY KEY (param_id), 
	UNIQUE (trial_id, param_name), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_params" VALUES(1,1,'lr',2.90169983385722751734e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(3,1,'lam',5.73320991921196898566e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(4,1,'head_lr',1.20419355199379352061e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(5,2,'lr',2.99780002824570537128e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(6,2,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(7,2,'lam',9.9103249750867750123e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(8,2,'head_lr',9.29997847614717071396e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(9,3,'lr',1.16400174952413157369e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(10,3,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(11,3,'lam',1.31193273429885903791e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(12,3,'head_lr',3.3417633077995279045e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(13,4,'lr',8.55198767933520488659e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(14,4,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(15,4,'lam',2.08007553397791555838e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(16,4,'head_lr',1.96723822538104969881e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(17,5,'lr',6.25539828471218407185e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(18,5,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(19,5,'lam',0.783435379072643,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(20,5,'head_lr',1.38793689567119262612e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(21,6,'lr',3.12371916442792879956e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(22,6,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(23,6,'lam',3.6081352733470556382e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(24,6,'head_lr',1.54794503230543445404e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(25,7,'lr',8.27234681421330914075e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(26,7,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(27,7,'lam',6.29489903447946286263e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(28,7,'head_lr',2.34794908307579958117e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(29,8,'lr',1.90991904781183767514e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(30,8,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(31,8,'lam',5.26822048368729856093e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(32,8,'head_lr',9.08334030257978847222e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(33,9,'lr',2.76630911317752130329e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(34,9,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(35,9,'lam',1.28348877456752097359e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(36,9,'head_lr',1.81203738443094161669e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(37,10,'lr',1.21142137217368925372e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(38,10,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(39,10,'lam',3.33231759264101479178e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(40,10,'head_lr',2.15316922656054038354e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(41,11,'lr',3.9896680649907717564e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(42,11,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(43,11,'lam',1.11043881355362389351e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(44,11,'head_lr',4.76684167863154650834e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(45,12,'lr',9.76494141546605382009e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(46,12,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(47,12,'lam',2.77392941441165419291e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(48,12,'head_lr',4.044703662955924095e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(49,13,'lr',1.21711204734152964035e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(50,13,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(51,13,'lam',2.58208607643573762047e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(52,13,'head_lr',4.8468763208317428015e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(53,14,'lr',7.01527313391545476184e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(54,14,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(55,14,'lam',2.80895984278634658348e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(56,14,'head_lr',2.97721696745775254999e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(57,15,'lr',1.7045912876410548864e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(58,15,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(59,15,'lam',2.21202117011163046367e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(60,15,'head_lr',5.65760254323520311858e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(61,16,'lr',3.94212736104421757055e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(62,16,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(63,16,'lam',2.83521688126466564483e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(64,16,'head_lr',3.06920541554973613784e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(65,17,'lr',2.03515103936460745037e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(66,17,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(67,17,'lam',1.12257614656555304577e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(68,17,'head_lr',3.51961396852520758127e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(69,18,'lr',4.96806255829915777155e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(70,18,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(71,18,'lam',4.26045025245162800597e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(72,18,'head_lr',6.72472737740333892375e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(73,19,'lr',4.80169029401908364906e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(74,19,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(75,19,'lam',1.31666915824904684484e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(76,19,'head_lr',1.67371917991053886787e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(77,20,'lr',2.12502944455397642375e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(78,20,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(79,20,'lam',4.57319517278368703472e+00,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 10.0, "log": true}}');
INSERT INTO "trial_params" VALUES(80,20,'head_lr',2.3266339219577611419e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.01, "high": 0.5, "log": true}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.04666025641025641');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.04238544788544789');
INSERT INTO "trial_system_attributes" VALUES(3,1,'completed_rung_2','0.33533916083916077');
INSERT INTO "trial_system_attributes" VALUES(4,2,'completed_rung_0','0.1583919413919414');
INSERT INTO "trial_system_attributes" VALUES(5,2,'completed_rung_1','0.4796642524142524');
INSERT INTO "trial_system_attributes" VALUES(6,2,'completed_rung_2','0.6370193972693973');
INSERT INTO "trial_system_attributes" VALUES(7,3,'completed_rung_0','0.07018589743589743');
INSERT INTO "trial_system_attributes" VALUES(8,4,'completed_rung_0','0.6362635697635698');
INSERT INTO "trial_system_attributes" VALUES(9,5,'completed_rung_0','0.22316292041292043');
INSERT INTO "trial_system_attributes" VALUES(10,5,'completed_rung_1','0.5063179320679321');
INSERT INTO "trial_system_attributes" VALUES(11,6,'completed_rung_0','0.31939185814185816');
INSERT INTO "trial_system_attributes" VALUES(12,6,'completed_rung_1','0.5764333166833167');
INSERT INTO "trial_system_attributes" VALUES(13,7,'completed_rung_0','0.5610528638028639');
INSERT INTO "trial_system_attributes" VALUES(14,7,'completed_rung_1','0.6858518148518148');
INSERT INTO "trial_system_attributes" VALUES(15,8,'completed_rung_0','0.5208693806193806');
INSERT INTO "trial_system_attributes" VALUES(16,9,'completed_rung_0','0.15157142857142855');
INSERT INTO "trial_system_attributes" VALUES(17,10,'completed_rung_0','0.6701375291375292');
INSERT INTO "trial_system_attributes" VALUES(18,11,'completed_rung_0','0.055743090243090244');
INSERT INTO "trial_system_attributes" VALUES(19,12,'completed_rung_0','0.2077078754578755');
INSERT INTO "trial_system_attributes" VALUES(20,12,'completed_rung_1','0.597733682983683');
INSERT INTO "trial_system_attributes" VALUES(21,12,'completed_rung_2','0.6878041958041957');
INSERT INTO "trial_system_attributes" VALUES(22,13,'completed_rung_0','0.12049175824175824');
INSERT INTO "trial_system_attributes" VALUES(23,14,'completed_rung_0','0.6673280053280054');
INSERT INTO "trial_system_attributes" VALUES(24,15,'completed_rung_0','0.5848083583083583');
INSERT INTO "trial_system_attributes" VALUES(25,15,'completed_rung_1','0.6774113386613386');
INSERT INTO "trial_system_attributes" VALUES(26,16,'completed_rung_0','0.26891758241758246');
INSERT INTO "trial_system_attributes" VALUES(27,16,'completed_rung_1','0.5769581252081253');
INSERT INTO "trial_system_attributes" VALUES(28,17,'completed_rung_0','0.2918941058941059');
INSERT INTO "trial_system_attributes" VALUES(29,18,'completed_rung_0','0.17083974358974363');
INSERT INTO "trial_system_attributes" VALUES(30,18,'completed_rung_1','0.5848385780885781');
INSERT INTO "trial_system_attributes" VALUES(31,19,'completed_rung_0','0.04993631368631369');
INSERT INTO "trial_system_attributes" VALUES(32,20,'completed_rung_0','0.174257326007326');
INSERT INTO "trial_system_attributes" VALUES(33,20,'completed_rung_1','0.5112741425241425');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','208.017');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','2.6842347577041363');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','20');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,2,'seconds','211.132');
INSERT INTO "trial_user_attributes" VALUES(6,2,'val_loss','1.989815026445465');
INSERT INTO "trial_user_attributes" VALUES(7,2,'round','19');
INSERT INTO "trial_user_attributes" VALUES(8,2,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(9,3,'seconds','21.909');
INSERT INTO "trial_user_attributes" VALUES(10,4,'seconds','212.914');
INSERT INTO "trial_user_attributes" VALUES(11,4,'val_loss','1.6151125130313675');
INSERT INTO "trial_user_attributes" VALUES(12,4,'round','19');
INSERT INTO "trial_user_attributes" VALUES(13,4,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(14,5,'seconds','193.472');
INSERT INTO "trial_user_attributes" VALUES(15,5,'val_loss','2.775086049414459');
INSERT INTO "trial_user_attributes" VALUES(16,5,'round','19');
INSERT INTO "trial_user_attributes" VALUES(17,5,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(18,6,'seconds','212.711');
INSERT INTO "trial_user_attributes" VALUES(19,6,'val_loss','2.50303559117106');
INSERT INTO "trial_user_attributes" VALUES(20,6,'round','19');
INSERT INTO "trial_user_attributes" VALUES(21,6,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(22,7,'seconds','205.978');
INSERT INTO "trial_user_attributes" VALUES(23,7,'val_loss','1.5165744999364899');
INSERT INTO "trial_user_attributes" VALUES(24,7,'round','19');
INSERT INTO "trial_user_attributes" VALUES(25,7,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(26,8,'seconds','64.993');
INSERT INTO "trial_user_attributes" VALUES(27,9,'seconds','20.83');
INSERT INTO "trial_user_attributes" VALUES(28,10,'seconds','213.635');
INSERT INTO "trial_user_attributes" VALUES(29,10,'val_loss','1.290394754210175');
INSERT INTO "trial_user_attributes" VALUES(30,10,'round','19');
INSERT INTO "trial_user_attributes" VALUES(31,10,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(32,11,'seconds','22.186');
INSERT INTO "trial_user_attributes" VALUES(33,12,'seconds','209.152');
INSERT INTO "trial_user_attributes" VALUES(34,12,'val_loss','1.2994911276553567');
INSERT INTO "trial_user_attributes" VALUES(35,12,'round','20');
INSERT INTO "trial_user_attributes" VALUES(36,12,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(37,13,'seconds','18.466');
INSERT INTO "trial_user_attributes" VALUES(38,14,'seconds','193.751');
INSERT INTO "trial_user_attributes" VALUES(39,15,'seconds','188.737');
INSERT INTO "trial_user_attributes" VALUES(40,16,'seconds','60.211');
INSERT INTO "trial_user_attributes" VALUES(41,17,'seconds','64.002');
INSERT INTO "trial_user_attributes" VALUES(42,18,'seconds','60.73');
INSERT INTO "trial_user_attributes" VALUES(43,19,'seconds','22.07');
INSERT INTO "trial_user_attributes" VALUES(44,20,'seconds','63.254');
CREATE TABLE trial_values (
	trial_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	value FLOAT, 
	value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_value_id), 
	UNIQUE (trial_id, objective), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_values" VALUES(1,1,0,3.75072177822177887929e-01,'FINITE');
INSERT INTO "trial_values" VALUES(2,2,0,6.41240093240093234072e-01,'FINITE');
INSERT INTO "trial_values" VALUES(3,3,0,7.01858974358974263552e-02,'FINITE');
INSERT INTO "trial_values" VALUES(4,4,0,6.72072510822510738037e-01,'FINITE');
INSERT INTO "trial_values" VALUES(5,5,0,5.27574925074925094037e-01,'FINITE');
INSERT INTO "trial_values" VALUES(6,6,0,0.585482017982018,'FINITE');
INSERT INTO "trial_values" VALUES(7,7,0,0.69300333000333,'FINITE');
INSERT INTO "trial_values" VALUES(8,8,0,5.20869380619380595298e-01,'FINITE');
INSERT INTO "trial_values" VALUES(9,9,0,1.51571428571428551412e-01,'FINITE');
INSERT INTO "trial_values" VALUES(10,10,0,7.03604478854478854188e-01,'FINITE');
INSERT INTO "trial_values" VALUES(11,11,0,5.57430902430902444621e-02,'FINITE');
INSERT INTO "trial_values" VALUES(12,12,0,0.705631535131535,'FINITE');
INSERT INTO "trial_values" VALUES(13,13,0,1.20491758241758242786e-01,'FINITE');
INSERT INTO "trial_values" VALUES(14,14,0,6.67328005328005402496e-01,'FINITE');
INSERT INTO "trial_values" VALUES(15,15,0,6.77411338661338624511e-01,'FINITE');
INSERT INTO "trial_values" VALUES(16,16,0,5.76958125208125283123e-01,'FINITE');
INSERT INTO "trial_values" VALUES(17,17,0,2.91894105894105915233e-01,'FINITE');
INSERT INTO "trial_values" VALUES(18,18,0,5.84838578088578087132e-01,'FINITE');
INSERT INTO "trial_values" VALUES(19,19,0,4.99363136863136894416e-02,'FINITE');
INSERT INTO "trial_values" VALUES(20,20,0,5.11274142524142494181e-01,'FINITE');
CREATE TABLE trials (
	trial_id INTEGER NOT NULL, 
	number INTEGER, 
	study_id INTEGER, 
	state VARCHAR(8) NOT NULL, 
	datetime_start DATETIME, 
	datetime_complete DATETIME, 
	PRIMARY KEY (trial_id), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-27 19:01:02.574756','2026-11-27 19:04:30.716231');
INSERT INTO "trials" VALUES(2,1,1,'COMPLETE','2026-11-27 19:04:30.736152','2026-11-27 19:08:01.954950');
INSERT INTO "trials" VALUES(3,2,1,'PRUNED','2026-11-27 19:08:01.973559','2026-11-27 19:08:23.955097');
INSERT INTO "trials" VALUES(4,3,1,'COMPLETE','2026-11-27 19:08:23.969195','2026-11-27 19:11:56.969926');
INSERT INTO "trials" VALUES(5,4,1,'COMPLETE','2026-11-27 19:11:56.987473','2026-11-27 19:15:10.542877');
INSERT INTO "trials" VALUES(6,5,1,'COMPLETE','2026-11-27 19:15:10.555935','2026-11-27 19:18:43.333149');
INSERT INTO "trials" VALUES(7,6,1,'COMPLETE','2026-11-27 19:18:43.349671','2026-11-27 19:22:09.410963');
INSERT INTO "trials" VALUES(8,7,1,'PRUNED','2026-11-27 19:22:09.440522','2026-11-27 19:23:14.518474');
INSERT INTO "trials" VALUES(9,8,1,'PRUNED','2026-11-27 19:23:14.543118','2026-11-27 19:23:35.469037');
INSERT INTO "trials" VALUES(10,9,1,'COMPLETE','2026-11-27 19:23:35.489728','2026-11-27 19:27:09.222294');
INSERT INTO "trials" VALUES(11,10,1,'PRUNED','2026-11-27 19:27:09.241780','2026-11-27 19:27:31.532249');
INSERT INTO "trials" VALUES(12,11,1,'COMPLETE','2026-11-27 19:27:31.553951','2026-11-27 19:31:00.813438');
INSERT INTO "trials" VALUES(13,12,1,'PRUNED','2026-11-27 19:31:00.825263','2026-11-27 19:31:19.346246');
INSERT INTO "trials" VALUES(14,13,1,'PRUNED','2026-11-27 19:31:19.363666','2026-11-27 19:34:33.199641');
INSERT INTO "trials" VALUES(15,14,1,'PRUNED','2026-11-27 19:34:33.223302','2026-11-27 19:37:42.075511');
INSERT INTO "trials" VALUES(16,15,1,'PRUNED','2026-11-27 19:37:42.094041','2026-11-27 19:38:42.388575');
INSERT INTO "trials" VALUES(17,16,1,'PRUNED','2026-11-27 19:38:42.403969','2026-11-27 19:39:46.477862');
INSERT INTO "trials" VALUES(18,17,1,'PRUNED','2026-11-27 19:39:46.499503','2026-11-27 19:40:47.331376');
INSERT INTO "trials" VALUES(19,18,1,'PRUNED','2026-11-27 19:40:47.352860','2026-11-27 19:41:09.509097');
INSERT INTO "trials" VALUES(20,19,1,'PRUNED','2026-11-27 19:41:09.527713','2026-11-27 19:42:12.875847');
CREATE TABLE version_info (
	version_info_id INTEGER NOT NULL, 
	schema_version INTEGER, 
	library_version VARCHAR(256), 
	PRIMARY KEY (version_info_id), 
	CHECK (version_info_id=1)
);
INSERT INTO "version_info" VALUES(1,12,'4.9.0');
CREATE UNIQUE INDEX ix_studies_study_name ON studies (study_name);
CREATE INDEX ix_trials_study_id ON trials (study_id);
COMMIT;
