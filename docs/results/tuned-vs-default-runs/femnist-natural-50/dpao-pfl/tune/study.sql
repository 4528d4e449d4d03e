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
INSERT INTO "studies" VALUES(1,'dpao-pfl');
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
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,8.67691475191475214412e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,8.95576090576090388939e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,9.82238594738594622546e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,1.18172161172161158115e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,1.34184898434898419727e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,1.61100732600732599042e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,1.83550366300366279981e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,2.2707825507825504796e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,2.80923493173493188379e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,2.83275557775557740303e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,3.26412004662004651134e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,3.95096570096569954522e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,3.93433150183150170953e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,4.01329670329670318285e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,4.26093240093240177568e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,4.6065384615384613598e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,4.44193556443556458734e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,4.76387778887778945424e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,5.07575008325008236731e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,5.07543040293040315091e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,2,1,1.52467532467532463497e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,2,2,1.39134199134199124103e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,2,3,1.18300865800865812743e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,2,4,1.95800865800865794841e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,2,5,4.28675491175491141238e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,2,6,0.0565498667998668,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,2,7,7.34537129537129601652e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,2,8,8.05544455544455612061e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,2,9,8.47449217449217362396e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,2,10,8.49683649683649760975e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,2,11,8.51977189477189367217e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,2,12,0.0906143856143856,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,2,13,9.58579753579753557346e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,2,14,9.66226273726273621189e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,2,15,0.0938607226107226,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,2,16,9.67059607059606862744e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,2,17,9.44825174825174723958e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,2,18,0.0998959373959374,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,2,19,1.0183641358641355723e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,2,20,9.75864135864135673337e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,3,1,9.22691475191475124484e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,3,2,8.57242757242757114077e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,4,1,1.39134199134199124103e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,4,2,1.48982683982683966616e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,5,1,1.39134199134199124103e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,5,2,1.48982683982683966616e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,5,3,4.1022311022311026829e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,5,4,5.94930902430902477928e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,5,5,8.41226273726273648945e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(50,5,6,8.04894272394272441983e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(51,5,7,7.8855727605727607421e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(52,5,8,0.0912156177156177,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(53,5,9,8.76322843822843755567e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(54,5,10,8.82275224775224686801e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(55,5,11,9.56729936729936586425e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(56,5,12,9.31729936729936564221e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(57,5,13,1.05401931401931395204e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(58,5,14,1.01690392940392920761e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(59,5,15,1.14062187812187812441e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(60,5,16,1.24562187812187835644e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(61,5,17,1.23562187812187820878e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(62,5,18,1.33806277056277039827e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(63,5,19,1.41996753246753232291e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(64,5,20,1.37359890109890137033e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(65,6,1,1.39134199134199124103e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(66,6,2,2.45497835497835471818e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(67,7,1,1.39134199134199124103e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(68,7,2,1.36482683982683972861e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(69,8,1,6.16148851148851234293e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(70,8,2,5.66116383616383639365e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(71,9,1,1.53932151182151200075e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(72,9,2,9.57004662004661832419e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(73,9,3,1.20825507825507813541e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(74,9,4,1.73434065934065906322e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(75,9,5,2.28774642024642038684e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(76,9,6,2.62888694638694575544e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(77,9,7,3.08306776556776518383e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(78,9,8,3.38926240426240366065e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(79,9,9,4.30251748251748278306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(80,9,10,4.47294788544788546325e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(81,9,11,4.38256327006326940054e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(82,9,12,0.481087912087912,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(83,9,13,4.93552197802197833986e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(84,9,14,5.06852564102564073778e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(85,9,15,5.22639610389610376195e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(86,9,16,5.28137362637362550721e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(87,9,17,5.21579587079587070341e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(88,9,18,5.40729353979354065984e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(89,9,19,5.37538378288378360103e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(90,9,20,5.49539377289377295454e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(91,10,1,1.03069513819513819408e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(92,10,2,8.48909423909423865861e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(93,10,3,1.13140526140526137544e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(94,10,4,1.2268681318681316783e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(95,10,5,1.63523726273726244251e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(96,10,6,1.79217032967032952051e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(97,10,7,2.1391025641025637749e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(98,10,8,2.50155178155178126164e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(99,10,9,3.14078255078255041965e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(100,10,10,3.57916999666999580131e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(101,10,11,3.84631784881784843932e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(102,10,12,4.30703213453213384909e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(103,10,13,4.46081501831501803234e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(104,10,14,4.28541208791208771966e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(105,10,15,4.58130785880785873498e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(106,10,16,5.07521478521478552892e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(107,10,17,4.78478854478854520593e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(108,10,18,5.07085997335997351598e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(109,10,19,5.39705960705960774426e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(110,10,20,0.533191391941392,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(111,11,1,6.16148851148851234293e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(112,11,2,5.1709623709623710186e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(113,11,3,4.34811854811854858748e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(114,11,4,5.43919413919413952118e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(115,11,5,4.52101232101232083926e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(116,11,6,4.35910755910755912112e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(117,12,1,1.55182151182151201185e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(118,12,2,9.51739094239094224336e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(119,12,3,1.176203796203796198e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(120,12,4,1.70934065934065959613e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(121,12,5,2.32551198801198816257e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(122,12,6,2.49475274725274726028e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(123,13,1,0.0699504662004662,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(124,13,2,1.0081585081585081598e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(125,13,3,1.18873126873126858105e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(126,13,4,1.46883699633699627007e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(127,13,5,2.05111638361638343175e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(128,13,6,2.29147435897435913787e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(129,14,1,0.0662993672993673,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(130,14,2,8.30722610722610665945e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(131,15,1,0.0699504662004662,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(132,15,2,1.04622627372627369224e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(133,15,3,1.20378621378621361581e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(134,15,4,1.55928571428571444146e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(135,15,5,2.29855228105228098778e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(136,15,6,2.1343315018315020537e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(137,15,7,2.91696886446886460841e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(138,15,8,3.52022394272394179015e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(139,15,9,4.1216575091575102796e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(140,15,10,4.47658424908424945609e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(141,15,11,4.57330502830502805267e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(142,15,12,4.93584665334665328995e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(143,15,13,5.04295288045288114808e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(144,15,14,5.17977106227106243174e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(145,15,15,5.27134115884115850292e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(146,15,16,5.04423493173493109331e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(147,15,17,5.38544289044289081758e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(148,15,18,5.41902430902430842785e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(149,15,19,5.45416583416583389265e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(150,15,20,5.67059523809523735593e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(151,16,1,1.08149683649683636676e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(152,16,2,6.59687812187812194775e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(153,17,1,7.12837995337995411482e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(154,17,2,1.0081035631035628608e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(155,17,3,1.15492174492174498601e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(156,17,4,1.5565750915750914407e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(157,17,5,2.11829170829170826406e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(158,17,6,2.43694555444555482903e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(159,18,1,1.08809940059940088441e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(160,18,2,7.7250832500832491978e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(161,19,1,4.55255577755577789389e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(162,19,2,8.76940559440559513904e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(163,19,3,8.80013320013320193835e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(164,19,4,9.12747252747252713067e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(165,19,5,1.10547535797535803614e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(166,19,6,1.34097985347985365622e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(167,19,7,1.49217032967032953161e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(168,19,8,1.68986679986679960707e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(169,19,9,1.9793081918081917303e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(170,19,10,2.07140526140526165521e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(171,19,11,2.41199550449550409458e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(172,19,12,2.65467948717948709624e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(173,19,13,0.269753663003663,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(174,19,14,0.269246336996337,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(175,19,15,2.95864885114885123318e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(176,19,16,3.13809024309024298116e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(177,19,17,3.07667832167832167034e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(178,19,18,3.66445471195471217384e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(179,20,1,1.43036546786546814313e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(180,20,2,9.32627372627372608349e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(181,20,3,0.121262321012321,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(182,20,4,1.53445970695970684838e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(183,20,5,2.23939477189477209595e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(184,20,6,2.3408516483516486617e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(185,20,7,2.89147435897435911567e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(186,20,8,3.25275141525141531229e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(187,20,9,4.1321878121878119483e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(188,20,10,4.25354312354312258381e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(189,20,11,4.34286546786546712173e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(190,20,12,4.6422161172161169329e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(191,20,13,4.84848901098901108319e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(192,20,14,5.14531135531135497274e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(193,20,15,5.09366300366300372992e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(194,20,16,5.3557733932733941895e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(195,20,17,5.09433982683982655714e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(196,20,18,5.26678987678987686749e-01,'FINITE');
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
INSERT INTO "trial_params" VALUES(1,1,'lr',1.69600139528364030061e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'lam',4.54200663116663960749e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(3,1,'fisher_alpha',0.537741067253859,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(4,1,'upload_threshold',2.11577157544978328163e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(5,2,'lr',1.29368117582895174322e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(6,2,'lam',3.17069463670366629565e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(7,2,'fisher_alpha',8.22804954399585786184e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(8,2,'upload_threshold',3.30573704398728928678e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(9,3,'lr',1.84646075822561157864e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(10,3,'lam',0.000581878380478339,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(11,3,'fisher_alpha',7.0107777884576583105e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(12,3,'upload_threshold',1.46732411388776545768e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(13,4,'lr',1.93876416231570833891e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(14,4,'lam',1.99787366039540614792e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(15,4,'fisher_alpha',5.08958221894546758434e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(16,4,'upload_threshold',1.155717245225051093e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(17,5,'lr',0.00214866888927267,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(18,5,'lam',5.53974815349477567316e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(19,5,'fisher_alpha',8.32157413352482611124e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(20,5,'upload_threshold',1.82217763370105312326e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(21,6,'lr',2.6411461201419654185e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(22,6,'lam',9.86272417521960598207e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(23,6,'fisher_alpha',6.36674537939914908513e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(24,6,'upload_threshold',5.95331332407605315348e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(25,7,'lr',2.11388705949227618044e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(26,7,'lam',2.44407104395122559692e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(27,7,'fisher_alpha',9.43431799506041057767e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(28,7,'upload_threshold',0.0785117774418489,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(29,8,'lr',0.379418425123941,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(30,8,'lam',1.04169966305659865597e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(31,8,'fisher_alpha',5.79157479775875616567e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(32,8,'upload_threshold',2.92956046958052799752e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(33,9,'lr',5.11916288838990193865e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(34,9,'lam',3.76291053574050052624e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(35,9,'fisher_alpha',5.70397183959464260105e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(36,9,'upload_threshold',1.73695413364758161067e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(37,10,'lr',0.0224119531797321,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(38,10,'lam',1.38945429430421233014e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(39,10,'fisher_alpha',0.545514550579244,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(40,10,'upload_threshold',1.22942115621456918295e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(41,11,'lr',3.20915524102865556965e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(42,11,'lam',2.74699339764955911824e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(43,11,'fisher_alpha',9.85645787024282071797e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(44,11,'upload_threshold',1.85137561080669449387e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(45,12,'lr',5.13800643740575518902e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(46,12,'lam',1.15126952125065660907e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(47,12,'fisher_alpha',6.44122109904186501694e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(48,12,'upload_threshold',1.42917141554709192785e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(49,13,'lr',0.0737587045598895,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(50,13,'lam',8.86688852771149588205e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(51,13,'fisher_alpha',6.07166835691313910849e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(52,13,'upload_threshold',1.39748201320777060141e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(53,14,'lr',1.1379316703227830565e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(54,14,'lam',2.64884478955954502654e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(55,14,'fisher_alpha',7.42822483223500418247e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(56,14,'upload_threshold',1.02972068339637443101e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(57,15,'lr',0.0717767802182314,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(58,15,'lam',7.33221313079770271523e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(59,15,'fisher_alpha',5.02810128321076854618e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(60,15,'upload_threshold',1.64107094197220804154e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(61,16,'lr',1.40432715681165803944e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(62,16,'lam',3.20007389131417383648e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(63,16,'fisher_alpha',0.517022864118713,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(64,16,'upload_threshold',1.95646481404026906236e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(65,17,'lr',6.48754642941075376771e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(66,17,'lam',4.75323188918278047992e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(67,17,'fisher_alpha',6.86742309555044561086e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(68,17,'upload_threshold',1.6670065508435780166e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(69,18,'lr',1.5957114060212304607e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(70,18,'lam',1.14018694977777724206e-04,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(71,18,'fisher_alpha',5.69933394827032646645e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(72,18,'upload_threshold',1.61401341386007118883e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(73,19,'lr',7.65973165296057311585e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(74,19,'lam',2.06000157263935765317e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(75,19,'fisher_alpha',6.10748047876020661028e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(76,19,'upload_threshold',1.6718831099048558908e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(77,20,'lr',3.80985408951615561745e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(78,20,'lam',8.0156607337279264791e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(79,20,'fisher_alpha',7.81439869201110859364e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(80,20,'upload_threshold',0.0932155390894917,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.08955760905760904');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.1611007326007326');
INSERT INTO "trial_system_attributes" VALUES(3,1,'completed_rung_2','0.47638777888777895');
INSERT INTO "trial_system_attributes" VALUES(4,2,'completed_rung_0','0.0565498667998668');
INSERT INTO "trial_system_attributes" VALUES(5,2,'completed_rung_1','0.0998959373959374');
INSERT INTO "trial_system_attributes" VALUES(6,3,'completed_rung_0','0.08572427572427571');
INSERT INTO "trial_system_attributes" VALUES(7,4,'completed_rung_0','0.014898268398268397');
INSERT INTO "trial_system_attributes" VALUES(8,5,'completed_rung_0','0.13380627705627704');
INSERT INTO "trial_system_attributes" VALUES(9,6,'completed_rung_0','0.024549783549783547');
INSERT INTO "trial_system_attributes" VALUES(10,7,'completed_rung_0','0.013648268398268397');
INSERT INTO "trial_system_attributes" VALUES(11,8,'completed_rung_0','0.056611638361638364');
INSERT INTO "trial_system_attributes" VALUES(12,9,'completed_rung_0','0.09570046620046618');
INSERT INTO "trial_system_attributes" VALUES(13,9,'completed_rung_1','0.2628886946386946');
INSERT INTO "trial_system_attributes" VALUES(14,9,'completed_rung_2','0.5407293539793541');
INSERT INTO "trial_system_attributes" VALUES(15,10,'completed_rung_0','0.5070859973359974');
INSERT INTO "trial_system_attributes" VALUES(16,11,'completed_rung_0','0.04359107559107559');
INSERT INTO "trial_system_attributes" VALUES(17,12,'completed_rung_0','0.09517390942390942');
INSERT INTO "trial_system_attributes" VALUES(18,12,'completed_rung_1','0.24947527472527473');
INSERT INTO "trial_system_attributes" VALUES(19,13,'completed_rung_0','0.10081585081585082');
INSERT INTO "trial_system_attributes" VALUES(20,13,'completed_rung_1','0.2291474358974359');
INSERT INTO "trial_system_attributes" VALUES(21,14,'completed_rung_0','0.08307226107226107');
INSERT INTO "trial_system_attributes" VALUES(22,15,'completed_rung_0','0.2134331501831502');
INSERT INTO "trial_system_attributes" VALUES(23,15,'completed_rung_1','0.5419024309024308');
INSERT INTO "trial_system_attributes" VALUES(24,16,'completed_rung_0','0.06596878121878122');
INSERT INTO "trial_system_attributes" VALUES(25,17,'completed_rung_0','0.10081035631035629');
INSERT INTO "trial_system_attributes" VALUES(26,17,'completed_rung_1','0.24369455544455548');
INSERT INTO "trial_system_attributes" VALUES(27,18,'completed_rung_0','0.07725083250083249');
INSERT INTO "trial_system_attributes" VALUES(28,19,'completed_rung_0','0.3664454711954712');
INSERT INTO "trial_system_attributes" VALUES(29,20,'completed_rung_0','0.23408516483516487');
INSERT INTO "trial_system_attributes" VALUES(30,20,'completed_rung_1','0.5266789876789877');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','141.943');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','2.7912308519613016');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','19');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,2,'seconds','142.952');
INSERT INTO "trial_user_attributes" VALUES(6,2,'val_loss','3.6736597486026596');
INSERT INTO "trial_user_attributes" VALUES(7,2,'round','19');
INSERT INTO "trial_user_attributes" VALUES(8,2,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(9,3,'seconds','14.397');
INSERT INTO "trial_user_attributes" VALUES(10,4,'seconds','13.352');
INSERT INTO "trial_user_attributes" VALUES(11,5,'seconds','138.022');
INSERT INTO "trial_user_attributes" VALUES(12,5,'val_loss','3.4583340281728825');
INSERT INTO "trial_user_attributes" VALUES(13,5,'round','19');
INSERT INTO "trial_user_attributes" VALUES(14,5,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(15,6,'seconds','14.266');
INSERT INTO "trial_user_attributes" VALUES(16,7,'seconds','13.818');
INSERT INTO "trial_user_attributes" VALUES(17,8,'seconds','13.996');
INSERT INTO "trial_user_attributes" VALUES(18,9,'seconds','134.308');
INSERT INTO "trial_user_attributes" VALUES(19,9,'val_loss','3.140277489727591');
INSERT INTO "trial_user_attributes" VALUES(20,9,'round','20');
INSERT INTO "trial_user_attributes" VALUES(21,9,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(22,10,'seconds','140.197');
INSERT INTO "trial_user_attributes" VALUES(23,10,'val_loss','2.77183401310035');
INSERT INTO "trial_user_attributes" VALUES(24,10,'round','19');
INSERT INTO "trial_user_attributes" VALUES(25,10,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(26,11,'seconds','41.17');
INSERT INTO "trial_user_attributes" VALUES(27,12,'seconds','41.177');
INSERT INTO "trial_user_attributes" VALUES(28,13,'seconds','42.68');
INSERT INTO "trial_user_attributes" VALUES(29,14,'seconds','13.977');
INSERT INTO "trial_user_attributes" VALUES(30,15,'seconds','136.594');
INSERT INTO "trial_user_attributes" VALUES(31,15,'val_loss','3.1310825354781415');
INSERT INTO "trial_user_attributes" VALUES(32,15,'round','20');
INSERT INTO "trial_user_attributes" VALUES(33,15,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(34,16,'seconds','12.649');
INSERT INTO "trial_user_attributes" VALUES(35,17,'seconds','38.54');
INSERT INTO "trial_user_attributes" VALUES(36,18,'seconds','12.541');
INSERT INTO "trial_user_attributes" VALUES(37,19,'seconds','125.654');
INSERT INTO "trial_user_attributes" VALUES(38,20,'seconds','116.634');
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
INSERT INTO "trial_values" VALUES(1,1,0,5.07575008325008236731e-01,'FINITE');
INSERT INTO "trial_values" VALUES(2,2,0,1.0183641358641355723e-01,'FINITE');
INSERT INTO "trial_values" VALUES(3,3,0,8.57242757242757114077e-02,'FINITE');
INSERT INTO "trial_values" VALUES(4,4,0,1.48982683982683966616e-02,'FINITE');
INSERT INTO "trial_values" VALUES(5,5,0,1.41996753246753232291e-01,'FINITE');
INSERT INTO "trial_values" VALUES(6,6,0,2.45497835497835471818e-02,'FINITE');
INSERT INTO "trial_values" VALUES(7,7,0,1.36482683982683972861e-02,'FINITE');
INSERT INTO "trial_values" VALUES(8,8,0,5.66116383616383639365e-02,'FINITE');
INSERT INTO "trial_values" VALUES(9,9,0,5.49539377289377295454e-01,'FINITE');
INSERT INTO "trial_values" VALUES(10,10,0,5.39705960705960774426e-01,'FINITE');
INSERT INTO "trial_values" VALUES(11,11,0,4.35910755910755912112e-02,'FINITE');
INSERT INTO "trial_values" VALUES(12,12,0,2.49475274725274726028e-01,'FINITE');
INSERT INTO "trial_values" VALUES(13,13,0,2.29147435897435913787e-01,'FINITE');
INSERT INTO "trial_values" VALUES(14,14,0,8.30722610722610665945e-02,'FINITE');
INSERT INTO "trial_values" VALUES(15,15,0,5.67059523809523735593e-01,'FINITE');
INSERT INTO "trial_values" VALUES(16,16,0,6.59687812187812194775e-02,'FINITE');
INSERT INTO "trial_values" VALUES(17,17,0,2.43694555444555482903e-01,'FINITE');
INSERT INTO "trial_values" VALUES(18,18,0,7.7250832500832491978e-02,'FINITE');
INSERT INTO "trial_values" VALUES(19,19,0,3.66445471195471217384e-01,'FINITE');
INSERT INTO "trial_values" VALUES(20,20,0,5.26678987678987686749e-01,'FINITE');
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
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-27 03:13:39.695882','2026-11-27 03:16:01.769752');
INSERT INTO "trials" VALUES(2,1,1,'COMPLETE','2026-11-27 03:16:01.809209','2026-11-27 03:18:24.857177');
INSERT INTO "trials" VALUES(3,2,1,'PRUNED','2026-11-27 03:18:24.874215','2026-11-27 03:18:39.351112');
INSERT INTO "trials" VALUES(4,3,1,'PRUNED','2026-11-27 03:18:39.368917','2026-11-27 03:18:52.822835');
INSERT INTO "trials" VALUES(5,4,1,'COMPLETE','2026-11-27 03:18:52.840194','2026-11-27 03:21:10.951787');
INSERT INTO "trials" VALUES(6,5,1,'PRUNED','2026-11-27 03:21:10.965529','2026-11-27 03:21:25.313331');
INSERT INTO "trials" VALUES(7,6,1,'PRUNED','2026-11-27 03:21:25.329714','2026-11-27 03:21:39.232584');
INSERT INTO "trials" VALUES(8,7,1,'PRUNED','2026-11-27 03:21:39.251742','2026-11-27 03:21:53.347703');
INSERT INTO "trials" VALUES(9,8,1,'COMPLETE','2026-11-27 03:21:53.364406','2026-11-27 03:24:07.770514');
INSERT INTO "trials" VALUES(10,9,1,'COMPLETE','2026-11-27 03:24:07.781915','2026-11-27 03:26:28.049261');
INSERT INTO "trials" VALUES(11,10,1,'PRUNED','2026-11-27 03:26:28.065208','2026-11-27 03:27:09.302285');
INSERT INTO "trials" VALUES(12,11,1,'PRUNED','2026-11-27 03:27:09.321084','2026-11-27 03:27:50.585105');
INSERT INTO "trials" VALUES(13,12,1,'PRUNED','2026-11-27 03:27:50.601985','2026-11-27 03:28:33.367674');
INSERT INTO "trials" VALUES(14,13,1,'PRUNED','2026-11-27 03:28:33.391199','2026-11-27 03:28:47.460974');
INSERT INTO "trials" VALUES(15,14,1,'COMPLETE','2026-11-27 03:28:47.483836','2026-11-27 03:31:04.170780');
INSERT INTO "trials" VALUES(16,15,1,'PRUNED','2026-11-27 03:31:04.189364','2026-11-27 03:31:16.925671');
INSERT INTO "trials" VALUES(17,16,1,'PRUNED','2026-11-27 03:31:16.943176','2026-11-27 03:31:55.572115');
INSERT INTO "trials" VALUES(18,17,1,'PRUNED','2026-11-27 03:31:55.590341','2026-11-27 03:32:08.191380');
INSERT INTO "trials" VALUES(19,18,1,'PRUNED','2026-11-27 03:32:08.203420','2026-11-27 03:34:13.939770');
INSERT INTO "trials" VALUES(20,19,1,'PRUNED','2026-11-27 03:34:13.964058','2026-11-27 03:36:10.685925');
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
