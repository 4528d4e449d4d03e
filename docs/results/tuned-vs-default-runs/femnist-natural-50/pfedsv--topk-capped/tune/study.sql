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
INSERT INTO "studies" VALUES(1,'pfedsv--topk-capped');
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
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,7.73172660672660633229e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,5.90727605727605700747e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,7.2558108558108569408e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,7.00769230769230783151e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,7.68520646020646180929e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,9.57599900099900258609e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,9.39678654678654662335e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,1.19654262404262398677e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,1.88903180153180111355e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,2.19418331668331634265e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,2.97325840825840792547e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,2.94203130203130214237e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,3.87305694305694225842e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,3.48401348651348585772e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,4.61387529137529173173e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,4.37342241092241068578e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,4.78755744255744186688e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,5.17258491508491569099e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,5.44442474192474157312e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,5.21567932067932060746e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,3,1,1.21405594405594410845e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,3,2,1.44261405261405240008e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,3,3,1.21107559107559104027e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,3,4,1.74698634698634752693e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,3,5,2.67711871461871475652e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,3,6,3.06356893106893068967e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,3,7,0.350541958041958,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,3,8,3.66713120213120247203e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,3,9,3.84867882117882031955e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,3,10,4.61780386280386201391e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,3,11,4.47860972360972331429e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,3,12,4.72431485181485255608e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,4,1,1.21405594405594410845e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,4,2,1.44261405261405240008e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,4,3,1.21107559107559104027e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,4,4,1.74698634698634752693e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,4,5,2.67711871461871475652e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,4,6,3.06356893106893068967e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,4,7,0.350541958041958,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,4,8,3.66713120213120247203e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,4,9,3.84867882117882031955e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,4,10,4.61780386280386201391e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,4,11,4.47860972360972331429e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,4,12,4.72431485181485255608e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,4,13,4.75774475524475604082e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,4,14,4.75145770895770924724e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,4,15,5.16234598734598759683e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,4,16,5.11327089577089610727e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,4,17,5.2654778554778558508e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(50,4,18,5.38621961371961388564e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(51,4,19,5.47401265401265435528e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(52,4,20,5.37067932067932130024e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(53,5,1,1.72018814518814545933e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(54,5,2,3.30855810855810866799e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(55,5,3,7.19866799866799855767e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(56,5,4,9.95993173493173455934e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(57,5,5,1.21096570096570085861e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(58,5,6,1.51938145188145190545e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(59,5,7,1.58631368631368618871e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(60,5,8,1.58304445554445560873e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(61,5,9,1.56941808191808196415e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(62,5,10,1.60125874125874145814e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(63,5,11,1.74384532134532116431e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(64,5,12,1.60890526140526152198e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(65,5,13,1.65408841158841135587e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(66,5,14,1.70827256077256073307e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(67,5,15,0.178779637029637,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(68,5,16,1.8226448551448548585e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(69,5,17,1.88642690642690624702e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(70,5,18,2.12800199800199818511e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(71,6,1,8.89482184482184301543e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(72,6,2,8.48909423909423865861e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(73,6,3,1.04146936396936395929e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(74,6,4,1.46735264735264714364e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(75,6,5,1.79437645687645724867e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(76,6,6,1.95312187812187842972e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(77,6,7,2.96128121878121874921e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(78,6,8,2.6221328671328675286e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(79,6,9,3.33361222111222099684e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(80,6,10,3.56228271728271705942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(81,6,11,3.85350649350649332447e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(82,6,12,3.92495254745254706918e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(83,6,13,4.54337246087246127146e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(84,6,14,4.62111138861138803779e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(85,6,15,4.9478271728271733254e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(86,6,16,4.67212787212787306057e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(87,6,17,5.31998917748917832248e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(88,6,18,5.25202214452214488638e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(89,6,19,5.30256160506160534318e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(90,6,20,5.46392524142524149688e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(91,7,1,1.09209207459207466306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(92,7,2,1.0883599733599731707e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(93,7,3,9.65965700965700918567e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(94,7,4,1.60722943722943711897e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(95,7,5,2.37416083916083875404e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(96,7,6,2.75033216783216738487e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(97,7,7,3.11791541791541837458e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(98,7,8,3.33324009324009296051e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(99,7,9,3.57148684648684600073e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(100,7,10,3.84787795537795462852e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(101,7,11,4.15171911421911399298e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(102,7,12,4.18720862470862376092e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(103,7,13,4.57968198468198528505e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(104,7,14,0.474179736929737,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(105,7,15,0.513944388944389,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(106,7,16,5.1482992007992012251e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(107,7,17,5.32627955377955486504e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(108,7,18,5.45648601398601496015e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(109,7,19,5.59303779553779523148e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(110,7,20,5.62296869796869880353e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(111,8,1,5.69125041625041655501e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(112,8,2,5.54656177156177127018e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(113,9,1,0.0529958374958375,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(114,9,2,6.95306360306360421441e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(115,10,1,4.81575091575091526752e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(116,10,2,1.19301615051615059193e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(117,10,3,1.44033300033300032394e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(118,10,4,1.44682567432567438237e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(119,10,5,1.63441808191808174433e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(120,10,6,1.79200049950049955516e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(121,11,1,1.1017715617715617693e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(122,11,2,1.06842407592407595551e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(123,11,3,1.32565434565434570046e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(124,11,4,1.85906426906426891498e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(125,11,5,2.45930735930735944183e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(126,11,6,2.76477439227439225621e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(127,11,7,3.2222011322011318013e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(128,11,8,3.50767232767232706169e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(129,11,9,3.75175241425241390302e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(130,11,10,3.83879786879786799591e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(131,11,11,4.56141192141192142184e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(132,11,12,4.36889360639360679883e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(133,11,13,4.54603646353646362321e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(134,11,14,4.91830336330336403971e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(135,11,15,5.34648601398601375223e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(136,11,16,5.17567515817515921838e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(137,11,17,5.26422327672327772241e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(138,11,18,5.30758408258408254098e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(139,12,1,5.15828338328338381613e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(140,12,2,1.11093822843822825907e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(141,12,3,1.2891158841158842363e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(142,12,4,1.36742174492174489719e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(143,12,5,1.25988927738927725119e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(144,12,6,1.60044788544788540995e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(145,13,1,1.39134199134199124103e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(146,13,2,1.39134199134199124103e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(147,13,3,1.39134199134199124103e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(148,13,4,3.97852147852147813855e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(149,13,5,4.34221611721611749912e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(150,13,6,5.68388278388278420094e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(151,13,7,6.61721611721611674417e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(152,13,8,7.25824175824175826798e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(153,13,9,7.63324175824175860105e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(154,13,10,7.63324175824175860105e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(155,13,11,7.50824175824175849003e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(156,13,12,7.94276556776556813543e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(157,13,13,8.22609890109890079523e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(158,13,14,8.94780219780219737701e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(159,13,15,0.0927518315018315,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(160,13,16,9.34304029304029309832e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(161,13,17,9.61923076923076741939e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(162,13,18,1.02358974358974355589e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(163,14,1,1.20078671328671338081e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(164,14,2,1.13187229437229447404e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(165,14,3,1.27420745920745925872e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(166,14,4,1.98567682317682348003e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(167,14,5,2.73489760239760293369e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(168,14,6,3.32843573093573097398e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(169,14,7,3.5792474192474194039e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(170,14,8,4.14280885780885788083e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(171,14,9,4.01562520812520751256e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(172,14,10,4.43497419247419200072e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(173,14,11,4.62198051948051968906e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(174,14,12,4.84253829503829558156e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(175,14,13,4.86045038295038311915e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(176,14,14,5.09592241092241216016e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(177,14,15,5.17190642690642743417e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(178,14,16,5.1693697968697971401e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(179,14,17,0.533511655011655,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(180,14,18,5.43895770895770902519e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(181,14,19,5.48949800199800219679e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(182,14,20,5.55180569430569481603e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(183,15,1,9.46674991674991833656e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(184,15,2,1.32161588411588426517e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(185,15,3,1.64188145188145173669e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(186,15,4,1.57013236763236752047e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(187,15,5,1.76443473193473227e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(188,15,6,0.23700666000666,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(189,15,7,2.78710039960039956952e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(190,15,8,2.92045621045621095479e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(191,15,9,3.13726939726939713093e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(192,15,10,3.94585331335331246371e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(193,15,11,3.95724608724608795107e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(194,15,12,3.9545987345987343442e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(195,15,13,4.07831252081252038088e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(196,15,14,4.45274891774891712348e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(197,15,15,4.65214452214452178768e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(198,15,16,4.68812437562437622773e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(199,16,1,9.46674991674991833656e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(200,16,2,1.32161588411588426517e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(201,16,3,1.64188145188145173669e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(202,16,4,1.57013236763236752047e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(203,16,5,1.76443473193473227e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(204,16,6,0.23700666000666,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(205,16,7,2.78710039960039956952e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(206,16,8,2.92045621045621095479e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(207,16,9,3.13726939726939713093e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(208,16,10,3.94585331335331246371e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(209,16,11,3.95724608724608795107e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(210,16,12,3.9545987345987343442e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(211,16,13,4.07831252081252038088e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(212,16,14,4.45274891774891712348e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(213,16,15,4.65214452214452178768e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(214,16,16,4.68812437562437622773e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(215,16,17,4.90152181152181232182e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(216,16,18,5.06908591408591457927e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(217,17,1,9.82577422577422532334e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(218,17,2,1.15387279387279398368e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(219,17,3,1.54104811854811868387e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(220,17,4,1.90545288045288030431e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(221,17,5,2.40732017982017959534e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(222,17,6,3.28616550116550110161e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(223,18,1,1.02629537129537110051e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(224,18,2,1.11465118215118202948e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(225,19,1,0.0776954711954712,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(226,19,2,1.54291125541125562214e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(227,19,3,1.65647768897768915552e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(228,19,4,2.88916583416583439003e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(229,19,5,3.58649433899433822681e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(230,19,6,3.50308857808857732063e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(231,19,7,3.9242840492840486144e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(232,19,8,4.61488761238761258098e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(233,19,9,5.01541375291375324252e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(234,19,10,5.18262570762570762283e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(235,19,11,5.2725291375291372109e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(236,19,12,0.537421411921412,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(237,19,13,5.40380203130203184969e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(238,19,14,5.69847735597735605139e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(239,19,15,5.82323842823842863225e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(240,19,16,5.92849983349983400415e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(241,19,17,0.593954378954379,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(242,19,18,6.06802364302364338755e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(243,19,19,6.29561022311022400188e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(244,19,20,6.30087579087579063852e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(245,20,1,9.18053613053613076777e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(246,20,2,0.0982773892773893,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(247,21,1,8.37934565434565598041e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(248,21,2,1.08654678654678649163e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(249,21,3,1.17140026640026650994e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(250,21,4,1.55879537129537115713e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(251,21,5,2.4716242091242091039e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(252,21,6,2.95762570762570786708e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(253,21,7,0.348133533133533,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(254,21,8,4.25564851814851874411e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(255,21,9,4.21096403596403545677e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(256,21,10,4.73627955377955323079e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(257,21,11,5.01333083583083594092e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(258,21,12,5.22958458208458321081e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(259,21,13,5.56912670662670694632e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(260,21,14,5.60418664668664634476e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(261,21,15,5.87659507159507210616e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(262,21,16,5.85055527805527830764e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(263,21,17,6.09531302031302124611e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(264,21,18,6.14379204129204103956e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(265,21,19,6.36941475191475259265e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(266,21,20,6.26370129870129854765e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(267,22,1,8.72247752247752167198e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(268,22,2,0.081730685980686,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(269,23,1,0.0529509657009657,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(270,23,2,6.1974275724275725008e-02,'FINITE');
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
INSERT INTO "trial_params" VALUES(1,1,'lr',2.52449746755687765009e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'k0',5.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(3,1,'decay',1.05120854705824051666e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(4,2,'lr',2.81221813530458664143e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(5,2,'k0',10.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(6,2,'decay',3.50839744265200259576e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(7,3,'lr',2.81221813530458664143e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(8,3,'k0',10.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(9,3,'decay',3.50839744265200259576e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(10,4,'lr',2.81221813530458664143e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(11,4,'k0',10.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(12,4,'decay',3.50839744265200259576e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(13,5,'lr',3.0328822079966088511e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(14,5,'k0',4.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(15,5,'decay',5.78564704085476777528e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(16,6,'lr',9.40016413769268893707e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(17,6,'k0',1.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(18,6,'decay',0.480247255248458,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(19,7,'lr',4.47294069826250223487e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(20,7,'k0',2.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(21,7,'decay',6.31539537371444303914e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(22,8,'lr',3.42585718402792838155e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(23,8,'k0',1.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(24,8,'decay',7.56644932041830919899e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(25,9,'lr',3.69897576717676868085e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(26,9,'k0',10.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(27,9,'decay',0.696329417118638,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(28,10,'lr',9.50066079521739645374e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(29,10,'k0',6.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(30,10,'decay',1.69915320037295203281e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(31,11,'lr',5.1329919455779852988e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(32,11,'k0',2.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(33,11,'decay',5.08808293830996127837e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(34,12,'lr',9.63879664843960912157e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(35,12,'k0',5.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(36,12,'decay',8.24486327383459172146e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(37,13,'lr',1.22668357368358751056e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(38,13,'k0',8.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(39,13,'decay',8.95556591739514296079e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(40,14,'lr',3.26820355679678653526e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(41,14,'k0',10.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(42,14,'decay',3.75138930999999287152e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(43,15,'lr',1.47841962240636629055e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(44,15,'k0',8.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(45,15,'decay',3.15755422747115210846e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(46,16,'lr',1.47841962240636629055e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(47,16,'k0',8.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(48,16,'decay',3.15755422747115210846e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(49,17,'lr',1.02404741294067708201e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(50,17,'k0',3.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(51,17,'decay',6.23739025626440568572e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(52,18,'lr',2.73047619273254181526e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(53,18,'k0',7.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(54,18,'decay',3.31229727959453157382e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(55,19,'lr',1.00379118960789173731e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(56,19,'k0',9.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(57,19,'decay',4.62391804378386617191e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(58,20,'lr',1.13336678132834711707e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(59,20,'k0',3.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(60,20,'decay',4.71303747472944900565e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(61,21,'lr',1.60817317001131082632e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(62,21,'k0',8.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(63,21,'decay',0.649078172595491,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(64,22,'lr',1.76187402483549943044e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(65,22,'k0',8.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(66,22,'decay',7.21957790621294392963e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
INSERT INTO "trial_params" VALUES(67,23,'lr',4.71793208246805428895e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(68,23,'k0',9.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(69,23,'decay',2.36910779166189439104e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.1, "high": 0.9, "log": false}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.09575999000999003');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.5172584915084916');
INSERT INTO "trial_system_attributes" VALUES(3,3,'failed_trial','1');
INSERT INTO "trial_system_attributes" VALUES(4,3,'retry_history','[1]');
INSERT INTO "trial_system_attributes" VALUES(5,4,'failed_trial','1');
INSERT INTO "trial_system_attributes" VALUES(6,4,'retry_history','[1, 2]');
INSERT INTO "trial_system_attributes" VALUES(7,4,'completed_rung_0','0.5386219613719614');
INSERT INTO "trial_system_attributes" VALUES(8,5,'completed_rung_0','0.1519381451881452');
INSERT INTO "trial_system_attributes" VALUES(9,5,'completed_rung_1','0.21280019980019982');
INSERT INTO "trial_system_attributes" VALUES(10,6,'completed_rung_0','0.08489094239094239');
INSERT INTO "trial_system_attributes" VALUES(11,6,'completed_rung_1','0.19531218781218784');
INSERT INTO "trial_system_attributes" VALUES(12,6,'completed_rung_2','0.5252022144522145');
INSERT INTO "trial_system_attributes" VALUES(13,7,'completed_rung_0','0.27503321678321674');
INSERT INTO "trial_system_attributes" VALUES(14,7,'completed_rung_1','0.5456486013986015');
INSERT INTO "trial_system_attributes" VALUES(15,8,'completed_rung_0','0.05546561771561771');
INSERT INTO "trial_system_attributes" VALUES(16,9,'completed_rung_0','0.06953063603063604');
INSERT INTO "trial_system_attributes" VALUES(17,10,'completed_rung_0','0.17920004995004996');
INSERT INTO "trial_system_attributes" VALUES(18,11,'completed_rung_0','0.5307584082584083');
INSERT INTO "trial_system_attributes" VALUES(19,12,'completed_rung_0','0.11109382284382283');
INSERT INTO "trial_system_attributes" VALUES(20,12,'completed_rung_1','0.16004478854478854');
INSERT INTO "trial_system_attributes" VALUES(21,13,'completed_rung_0','0.10235897435897436');
INSERT INTO "trial_system_attributes" VALUES(22,14,'completed_rung_0','0.11318722943722945');
INSERT INTO "trial_system_attributes" VALUES(23,14,'completed_rung_1','0.3328435730935731');
INSERT INTO "trial_system_attributes" VALUES(24,14,'completed_rung_2','0.5438957708957709');
INSERT INTO "trial_system_attributes" VALUES(25,16,'failed_trial','14');
INSERT INTO "trial_system_attributes" VALUES(26,16,'retry_history','[14]');
INSERT INTO "trial_system_attributes" VALUES(27,16,'completed_rung_0','0.5069085914085915');
INSERT INTO "trial_system_attributes" VALUES(28,17,'completed_rung_0','0.1153872793872794');
INSERT INTO "trial_system_attributes" VALUES(29,17,'completed_rung_1','0.3286165501165501');
INSERT INTO "trial_system_attributes" VALUES(30,18,'completed_rung_0','0.1114651182151182');
INSERT INTO "trial_system_attributes" VALUES(31,19,'completed_rung_0','0.6068023643023643');
INSERT INTO "trial_system_attributes" VALUES(32,20,'completed_rung_0','0.0982773892773893');
INSERT INTO "trial_system_attributes" VALUES(33,21,'completed_rung_0','0.2957625707625708');
INSERT INTO "trial_system_attributes" VALUES(34,21,'completed_rung_1','0.6143792041292041');
INSERT INTO "trial_system_attributes" VALUES(35,22,'completed_rung_0','0.081730685980686');
INSERT INTO "trial_system_attributes" VALUES(36,23,'completed_rung_0','0.061974275724275725');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','521.532');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','2.1112706301181747');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','19');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,2,'interrupted','"killed"');
INSERT INTO "trial_user_attributes" VALUES(6,3,'interrupted','"killed"');
INSERT INTO "trial_user_attributes" VALUES(7,4,'resumed_from_round','12');
INSERT INTO "trial_user_attributes" VALUES(8,4,'seconds','1506.329');
INSERT INTO "trial_user_attributes" VALUES(9,4,'val_loss','2.338160539175644');
INSERT INTO "trial_user_attributes" VALUES(10,4,'round','19');
INSERT INTO "trial_user_attributes" VALUES(11,4,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(12,5,'seconds','334.536');
INSERT INTO "trial_user_attributes" VALUES(13,6,'seconds','192.213');
INSERT INTO "trial_user_attributes" VALUES(14,6,'val_loss','2.14831708622733');
INSERT INTO "trial_user_attributes" VALUES(15,6,'round','20');
INSERT INTO "trial_user_attributes" VALUES(16,6,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(17,7,'seconds','177.907');
INSERT INTO "trial_user_attributes" VALUES(18,7,'val_loss','2.0917720649550846');
INSERT INTO "trial_user_attributes" VALUES(19,7,'round','20');
INSERT INTO "trial_user_attributes" VALUES(20,7,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(21,8,'seconds','11.985');
INSERT INTO "trial_user_attributes" VALUES(22,9,'seconds','339.93');
INSERT INTO "trial_user_attributes" VALUES(23,10,'seconds','325.037');
INSERT INTO "trial_user_attributes" VALUES(24,11,'seconds','124.481');
INSERT INTO "trial_user_attributes" VALUES(25,12,'seconds','169.398');
INSERT INTO "trial_user_attributes" VALUES(26,13,'seconds','2478.806');
INSERT INTO "trial_user_attributes" VALUES(27,14,'seconds','2528.952');
INSERT INTO "trial_user_attributes" VALUES(28,14,'val_loss','2.1874369042313107');
INSERT INTO "trial_user_attributes" VALUES(29,14,'round','20');
INSERT INTO "trial_user_attributes" VALUES(30,14,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(31,15,'interrupted','"killed"');
INSERT INTO "trial_user_attributes" VALUES(32,16,'resumed_from_round','16');
INSERT INTO "trial_user_attributes" VALUES(33,16,'seconds','265.587');
INSERT INTO "trial_user_attributes" VALUES(34,17,'seconds','101.982');
INSERT INTO "trial_user_attributes" VALUES(35,18,'seconds','136.024');
INSERT INTO "trial_user_attributes" VALUES(36,19,'seconds','2113.288');
INSERT INTO "trial_user_attributes" VALUES(37,19,'val_loss','1.6761917983084436');
INSERT INTO "trial_user_attributes" VALUES(38,19,'round','20');
INSERT INTO "trial_user_attributes" VALUES(39,19,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(40,20,'seconds','18.298');
INSERT INTO "trial_user_attributes" VALUES(41,21,'seconds','1472.034');
INSERT INTO "trial_user_attributes" VALUES(42,21,'val_loss','1.6880438707522303');
INSERT INTO "trial_user_attributes" VALUES(43,21,'round','19');
INSERT INTO "trial_user_attributes" VALUES(44,21,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(45,22,'seconds','140.405');
INSERT INTO "trial_user_attributes" VALUES(46,23,'seconds','188.68');
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
INSERT INTO "trial_values" VALUES(1,1,0,5.44442474192474157312e-01,'FINITE');
INSERT INTO "trial_values" VALUES(2,4,0,5.47401265401265435528e-01,'FINITE');
INSERT INTO "trial_values" VALUES(3,5,0,2.12800199800199818511e-01,'FINITE');
INSERT INTO "trial_values" VALUES(4,6,0,5.46392524142524149688e-01,'FINITE');
INSERT INTO "trial_values" VALUES(5,7,0,5.62296869796869880353e-01,'FINITE');
INSERT INTO "trial_values" VALUES(6,8,0,5.54656177156177127018e-02,'FINITE');
INSERT INTO "trial_values" VALUES(7,9,0,6.95306360306360421441e-02,'FINITE');
INSERT INTO "trial_values" VALUES(8,10,0,1.79200049950049955516e-01,'FINITE');
INSERT INTO "trial_values" VALUES(9,11,0,5.30758408258408254098e-01,'FINITE');
INSERT INTO "trial_values" VALUES(10,12,0,1.60044788544788540995e-01,'FINITE');
INSERT INTO "trial_values" VALUES(11,13,0,1.02358974358974355589e-01,'FINITE');
INSERT INTO "trial_values" VALUES(12,14,0,5.55180569430569481603e-01,'FINITE');
INSERT INTO "trial_values" VALUES(13,16,0,5.06908591408591457927e-01,'FINITE');
INSERT INTO "trial_values" VALUES(14,17,0,3.28616550116550110161e-01,'FINITE');
INSERT INTO "trial_values" VALUES(15,18,0,1.11465118215118202948e-01,'FINITE');
INSERT INTO "trial_values" VALUES(16,19,0,6.30087579087579063852e-01,'FINITE');
INSERT INTO "trial_values" VALUES(17,20,0,0.0982773892773893,'FINITE');
INSERT INTO "trial_values" VALUES(18,21,0,6.36941475191475259265e-01,'FINITE');
INSERT INTO "trial_values" VALUES(19,22,0,0.081730685980686,'FINITE');
INSERT INTO "trial_values" VALUES(20,23,0,6.1974275724275725008e-02,'FINITE');
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
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-28 00:02:54.576876','2026-11-28 00:11:36.208704');
INSERT INTO "trials" VALUES(2,1,1,'FAIL','2026-11-28 00:11:36.232137','2026-11-28 00:51:24.049588');
INSERT INTO "trials" VALUES(3,2,1,'FAIL','2026-11-28 00:51:24.108187','2026-11-28 04:10:54.316951');
INSERT INTO "trials" VALUES(4,3,1,'COMPLETE','2026-11-28 04:10:54.430536','2026-11-28 04:36:00.894180');
INSERT INTO "trials" VALUES(5,4,1,'PRUNED','2026-11-28 04:36:00.911798','2026-11-28 04:41:35.516241');
INSERT INTO "trials" VALUES(6,5,1,'COMPLETE','2026-11-28 04:41:35.617255','2026-11-28 04:44:48.042489');
INSERT INTO "trials" VALUES(7,6,1,'COMPLETE','2026-11-28 04:44:48.102532','2026-11-28 04:47:46.261503');
INSERT INTO "trials" VALUES(8,7,1,'PRUNED','2026-11-28 04:47:46.283718','2026-11-28 04:47:58.420338');
INSERT INTO "trials" VALUES(9,8,1,'PRUNED','2026-11-28 04:47:58.450369','2026-11-28 04:53:38.529077');
INSERT INTO "trials" VALUES(10,9,1,'PRUNED','2026-11-28 04:53:38.553174','2026-11-28 04:59:03.677000');
INSERT INTO "trials" VALUES(11,10,1,'PRUNED','2026-11-28 04:59:03.696845','2026-11-28 05:01:08.277143');
INSERT INTO "trials" VALUES(12,11,1,'PRUNED','2026-11-28 05:01:08.295302','2026-11-28 05:03:57.780278');
INSERT INTO "trials" VALUES(13,12,1,'PRUNED','2026-11-28 05:03:57.802422','2026-11-28 05:45:16.699613');
INSERT INTO "trials" VALUES(14,13,1,'COMPLETE','2026-11-28 05:45:16.720202','2026-11-28 06:27:25.786013');
INSERT INTO "trials" VALUES(15,14,1,'FAIL','2026-11-28 06:27:25.802874','2026-11-28 07:25:25.319263');
INSERT INTO "trials" VALUES(16,15,1,'PRUNED','2026-11-28 07:25:25.421462','2026-11-28 07:29:51.155386');
INSERT INTO "trials" VALUES(17,16,1,'PRUNED','2026-11-28 07:29:51.211252','2026-11-28 07:31:33.408145');
INSERT INTO "trials" VALUES(18,17,1,'PRUNED','2026-11-28 07:31:33.479846','2026-11-28 07:33:49.612097');
INSERT INTO "trials" VALUES(19,18,1,'COMPLETE','2026-11-28 07:33:49.634388','2026-11-28 08:09:03.009765');
INSERT INTO "trials" VALUES(20,19,1,'PRUNED','2026-11-28 08:09:03.026317','2026-11-28 08:09:21.391913');
INSERT INTO "trials" VALUES(21,20,1,'COMPLETE','2026-11-28 08:09:21.413817','2026-11-28 08:33:53.558863');
INSERT INTO "trials" VALUES(22,21,1,'PRUNED','2026-11-28 08:33:53.580783','2026-11-28 08:36:14.069255');
INSERT INTO "trials" VALUES(23,22,1,'PRUNED','2026-11-28 08:36:14.087488','2026-11-28 08:39:22.832051');
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
