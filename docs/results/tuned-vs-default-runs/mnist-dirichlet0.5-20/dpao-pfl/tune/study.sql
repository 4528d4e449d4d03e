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
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,0.303,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,0.413,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,4.81000000000000038635e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,0.524,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,6.27000000000000112798e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,6.57999999999999918287e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,0.775,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,7.52999999999999891642e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,7.70999999999999907629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,0.808,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,8.47000000000000086153e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,8.22000000000000063948e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,0.858,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,8.22999999999999842792e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,8.77999999999999891642e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,8.85000000000000119904e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,8.31000000000000071942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,9.02000000000000135003e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,0.817,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,8.8700000000000012168e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,2,1,0.171,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,2,2,4.38999999999999945821e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,2,3,4.47000000000000063948e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,2,4,4.43000000000000060396e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,2,5,4.44000000000000061284e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,2,6,0.449,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,2,7,4.56000000000000071942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,2,8,4.70000000000000028865e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,2,9,0.48,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,2,10,4.82000000000000095035e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,2,11,4.90000000000000046629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,2,12,0.506,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,2,13,0.517,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,2,14,0.551,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,2,15,0.567,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,2,16,0.571,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,2,17,0.571,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,2,18,0.59,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,2,19,0.601,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,2,20,0.612,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,3,1,0.301,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,3,2,0.396,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,4,1,0.179,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,4,2,0.433,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,4,3,0.438,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,4,4,4.39000000000000056843e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,4,5,4.54999999999999960031e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,4,6,4.76000000000000089706e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,5,1,0.183,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(50,5,2,0.43,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(51,5,3,4.32000000000000050626e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(52,5,4,4.44000000000000061284e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(53,5,5,4.680000000000000826e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(54,5,6,4.84000000000000096811e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(55,5,7,0.506,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(56,5,8,0.534,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(57,5,9,0.54,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(58,5,10,0.578,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(59,5,11,5.81000000000000071942e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(60,5,12,0.603,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(61,5,13,5.91000000000000080824e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(62,5,14,6.62000000000000143884e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(63,5,15,6.45000000000000128785e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(64,5,16,0.655,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(65,5,17,0.704,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(66,5,18,7.11000000000000076383e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(67,5,19,0.729,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(68,5,20,0.737,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(69,6,1,0.19,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(70,6,2,4.44000000000000061284e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(71,6,3,4.28000000000000047073e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(72,6,4,4.71000000000000085265e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(73,6,5,4.90000000000000046629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(74,6,6,4.92000000000000103916e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(75,7,1,0.182,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(76,7,2,4.30999999999999938715e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(77,8,1,1.22000000000000025091e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(78,8,2,4.08000000000000029309e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(79,9,1,4.27999999999999936051e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(80,9,2,5.37000000000000143884e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(81,9,3,0.698,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(82,9,4,0.745,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(83,9,5,0.775,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(84,9,6,0.752,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(85,9,7,8.64000000000000101252e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(86,9,8,0.808,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(87,9,9,7.98999999999999932498e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(88,9,10,8.62000000000000099475e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(89,9,11,8.8700000000000012168e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(90,9,12,8.62999999999999878319e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(91,9,13,8.53000000000000091482e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(92,9,14,8.899999999999999023e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(93,9,15,9.22999999999999820587e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(94,9,16,0.932,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(95,9,17,8.67999999999999771738e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(96,9,18,9.31999999999999828581e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(97,9,19,9.25999999999999934274e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(98,9,20,9.09999999999999920063e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(99,10,1,0.295,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(100,10,2,0.381,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(101,10,3,0.531,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(102,10,4,0.584,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(103,10,5,6.62999999999999922728e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(104,10,6,7.03000000000000069277e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(105,10,7,8.11000000000000165201e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(106,10,8,0.779,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(107,10,9,0.769,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(108,10,10,8.37999999999999856115e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(109,10,11,0.866,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(110,10,12,8.30000000000000071054e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(111,10,13,8.75000000000000222044e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(112,10,14,8.45000000000000084376e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(113,10,15,0.892,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(114,10,16,0.906,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(115,10,17,8.55000000000000093258e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(116,10,18,9.12000000000000143884e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(117,10,19,8.43999999999999750421e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(118,10,20,0.891,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(119,11,1,1.22000000000000025091e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(120,11,2,4.08000000000000029309e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(121,11,3,4.08000000000000029309e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(122,11,4,3.77000000000000057287e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(123,11,5,3.57000000000000039523e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(124,11,6,0.37,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(125,12,1,0.43,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(126,12,2,0.53,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(127,12,3,0.687,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(128,12,4,0.746,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(129,12,5,0.731,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(130,12,6,0.732,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(131,13,1,4.74999999999999922284e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(132,13,2,5.50999999999999934274e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(133,13,3,0.742,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(134,13,4,0.775,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(135,13,5,0.762,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(136,13,6,7.69999999999999906741e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(137,13,7,0.868,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(138,13,8,8.2100000000000006306e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(139,13,9,0.82,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(140,13,10,0.873,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(141,13,11,8.85000000000000119904e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(142,13,12,8.80000000000000115463e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(143,13,13,9.10000000000000142108e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(144,13,14,0.929,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(145,13,15,0.93,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(146,13,16,9.41000000000000058619e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(147,13,17,0.889,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(148,13,18,9.35000000000000164313e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(149,13,19,9.33000000000000162536e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(150,13,20,9.04000000000000136779e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(151,14,1,5.29000000000000136779e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(152,14,2,0.505,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(153,15,1,0.51,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(154,15,2,0.503,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(155,15,3,6.75999999999999934274e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(156,15,4,7.62999999999999900524e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(157,15,5,0.834,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(158,15,6,0.79,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(159,15,7,0.826,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(160,15,8,7.81999999999999917399e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(161,15,9,8.03000000000000158095e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(162,15,10,8.46000000000000085265e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(163,15,11,8.85999999999999898747e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(164,15,12,0.877,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(165,15,13,9.04999999999999915623e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(166,15,14,9.25999999999999823252e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(167,15,15,0.905,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(168,15,16,9.40999999999999836575e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(169,15,17,9.36999999999999944044e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(170,15,18,9.34999999999999942268e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(171,15,19,9.41999999999999837463e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(172,15,20,9.04000000000000136779e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(173,16,1,1.78000000000000019317e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(174,16,2,4.34999999999999942268e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(175,17,1,0.279,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(176,17,2,4.82000000000000039523e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(177,18,1,0.504,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(178,18,2,0.513,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(179,18,3,0.74,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(180,18,4,0.736,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(181,18,5,0.807,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(182,18,6,7.69999999999999906741e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(183,18,7,8.02000000000000157207e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(184,18,8,0.752,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(185,18,9,7.92999999999999927169e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(186,18,10,8.47999999999999864996e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(187,18,11,8.90999999999999792166e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(188,18,12,0.865,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(189,18,13,0.916,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(190,18,14,8.94000000000000127897e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(191,18,15,8.899999999999999023e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(192,18,16,0.921,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(193,18,17,9.03000000000000135891e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(194,18,18,9.27000000000000157207e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(195,19,1,3.33999999999999963584e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(196,19,2,0.487,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(197,19,3,6.7000000000000015099e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(198,19,4,0.736,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(199,19,5,0.767,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(200,19,6,0.734,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(201,19,7,0.857,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(202,19,8,8.07000000000000161648e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(203,19,9,7.91999999999999926281e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(204,19,10,8.6600000000000021405e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(205,19,11,8.80000000000000115463e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(206,19,12,8.64999999999999880095e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(207,19,13,0.851,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(208,19,14,8.79999999999999893418e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(209,19,15,9.20999999999999929833e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(210,19,16,9.33999999999999830357e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(211,19,17,8.66999999999999770849e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(212,19,18,9.28000000000000158095e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(213,19,19,0.908,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(214,19,20,8.95999999999999907629e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(215,20,1,1.22000000000000025091e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(216,20,2,4.11000000000000031974e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(217,20,3,0.396,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(218,20,4,4.15000000000000035527e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(219,20,5,5.38999999999999923616e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(220,20,6,5.28000000000000135891e-01,'FINITE');
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
INSERT INTO "trial_params" VALUES(53,14,'lr',9.63687705727214738438e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(54,14,'lam',1.21947753678606843341e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(55,14,'fisher_alpha',7.00400860032732719417e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(56,14,'upload_threshold',1.99319975308585500828e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(57,15,'lr',1.10040349157624173237e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(58,15,'lam',3.02271980872900365711e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(59,15,'fisher_alpha',6.13728846820202678102e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(60,15,'upload_threshold',1.57623653068418412281e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(61,16,'lr',1.62532466153025412225e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(62,16,'lam',5.40128832856692914221e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(63,16,'fisher_alpha',7.42276845496695814041e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(64,16,'upload_threshold',9.53571884282909815189e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(65,17,'lr',7.59898292582776059556e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(66,17,'lam',5.68526691114693422113e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(67,17,'fisher_alpha',6.20885435616942427117e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(68,17,'upload_threshold',1.54457464144160339092e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(69,18,'lr',1.15601619808032227143e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(70,18,'lam',8.45456995314081312387e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(71,18,'fisher_alpha',7.74530394608916150644e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(72,18,'upload_threshold',1.02973700568350631789e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(73,19,'lr',4.43820547856476205206e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(74,19,'lam',0.0896354571581256,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(75,19,'fisher_alpha',6.7958585256442827216e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(76,19,'upload_threshold',1.35118617106493810187e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
INSERT INTO "trial_params" VALUES(77,20,'lr',2.11004560894735682108e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(78,20,'lam',1.88604401395502177529e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0001, "high": 1.0, "log": true}}');
INSERT INTO "trial_params" VALUES(79,20,'fisher_alpha',5.86062828306469496553e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.5, "high": 0.99, "log": false}}');
INSERT INTO "trial_params" VALUES(80,20,'upload_threshold',1.63082935071270057614e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.0, "high": 0.2, "log": false}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.413');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.6579999999999999');
INSERT INTO "trial_system_attributes" VALUES(3,1,'completed_rung_2','0.9020000000000001');
INSERT INTO "trial_system_attributes" VALUES(4,2,'completed_rung_0','0.449');
INSERT INTO "trial_system_attributes" VALUES(5,2,'completed_rung_1','0.59');
INSERT INTO "trial_system_attributes" VALUES(6,3,'completed_rung_0','0.396');
INSERT INTO "trial_system_attributes" VALUES(7,4,'completed_rung_0','0.433');
INSERT INTO "trial_system_attributes" VALUES(8,4,'completed_rung_1','0.4760000000000001');
INSERT INTO "trial_system_attributes" VALUES(9,5,'completed_rung_0','0.7110000000000001');
INSERT INTO "trial_system_attributes" VALUES(10,6,'completed_rung_0','0.44400000000000006');
INSERT INTO "trial_system_attributes" VALUES(11,6,'completed_rung_1','0.4920000000000001');
INSERT INTO "trial_system_attributes" VALUES(12,7,'completed_rung_0','0.43099999999999994');
INSERT INTO "trial_system_attributes" VALUES(13,8,'completed_rung_0','0.40800000000000003');
INSERT INTO "trial_system_attributes" VALUES(14,9,'completed_rung_0','0.5370000000000001');
INSERT INTO "trial_system_attributes" VALUES(15,9,'completed_rung_1','0.752');
INSERT INTO "trial_system_attributes" VALUES(16,9,'completed_rung_2','0.9319999999999998');
INSERT INTO "trial_system_attributes" VALUES(17,10,'completed_rung_0','0.9120000000000001');
INSERT INTO "trial_system_attributes" VALUES(18,11,'completed_rung_0','0.37');
INSERT INTO "trial_system_attributes" VALUES(19,12,'completed_rung_0','0.53');
INSERT INTO "trial_system_attributes" VALUES(20,12,'completed_rung_1','0.732');
INSERT INTO "trial_system_attributes" VALUES(21,13,'completed_rung_0','0.5509999999999999');
INSERT INTO "trial_system_attributes" VALUES(22,13,'completed_rung_1','0.7699999999999999');
INSERT INTO "trial_system_attributes" VALUES(23,13,'completed_rung_2','0.9350000000000002');
INSERT INTO "trial_system_attributes" VALUES(24,14,'completed_rung_0','0.505');
INSERT INTO "trial_system_attributes" VALUES(25,15,'completed_rung_0','0.79');
INSERT INTO "trial_system_attributes" VALUES(26,15,'completed_rung_1','0.9349999999999999');
INSERT INTO "trial_system_attributes" VALUES(27,16,'completed_rung_0','0.43499999999999994');
INSERT INTO "trial_system_attributes" VALUES(28,17,'completed_rung_0','0.48200000000000004');
INSERT INTO "trial_system_attributes" VALUES(29,18,'completed_rung_0','0.513');
INSERT INTO "trial_system_attributes" VALUES(30,18,'completed_rung_1','0.7699999999999999');
INSERT INTO "trial_system_attributes" VALUES(31,18,'completed_rung_2','0.9270000000000002');
INSERT INTO "trial_system_attributes" VALUES(32,19,'completed_rung_0','0.9280000000000002');
INSERT INTO "trial_system_attributes" VALUES(33,20,'completed_rung_0','0.5280000000000001');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','173.82');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','0.31934817647933966');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','18');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,2,'seconds','166.562');
INSERT INTO "trial_user_attributes" VALUES(6,2,'val_loss','1.243075450897217');
INSERT INTO "trial_user_attributes" VALUES(7,2,'round','20');
INSERT INTO "trial_user_attributes" VALUES(8,2,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(9,3,'seconds','16.927');
INSERT INTO "trial_user_attributes" VALUES(10,4,'seconds','52.872');
INSERT INTO "trial_user_attributes" VALUES(11,5,'seconds','167.639');
INSERT INTO "trial_user_attributes" VALUES(12,5,'val_loss','0.8879742183685302');
INSERT INTO "trial_user_attributes" VALUES(13,5,'round','20');
INSERT INTO "trial_user_attributes" VALUES(14,5,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(15,6,'seconds','51.833');
INSERT INTO "trial_user_attributes" VALUES(16,7,'seconds','16.449');
INSERT INTO "trial_user_attributes" VALUES(17,8,'seconds','16.02');
INSERT INTO "trial_user_attributes" VALUES(18,9,'seconds','169.592');
INSERT INTO "trial_user_attributes" VALUES(19,9,'val_loss','0.21386235189437866');
INSERT INTO "trial_user_attributes" VALUES(20,9,'round','16');
INSERT INTO "trial_user_attributes" VALUES(21,9,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(22,10,'seconds','166.704');
INSERT INTO "trial_user_attributes" VALUES(23,10,'val_loss','0.2890370426177979');
INSERT INTO "trial_user_attributes" VALUES(24,10,'round','18');
INSERT INTO "trial_user_attributes" VALUES(25,10,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(26,11,'seconds','50.61');
INSERT INTO "trial_user_attributes" VALUES(27,12,'seconds','48.502');
INSERT INTO "trial_user_attributes" VALUES(28,13,'seconds','167.903');
INSERT INTO "trial_user_attributes" VALUES(29,13,'val_loss','0.22516264653205872');
INSERT INTO "trial_user_attributes" VALUES(30,13,'round','16');
INSERT INTO "trial_user_attributes" VALUES(31,13,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(32,14,'seconds','16.48');
INSERT INTO "trial_user_attributes" VALUES(33,15,'seconds','163.728');
INSERT INTO "trial_user_attributes" VALUES(34,15,'val_loss','0.24738839983940125');
INSERT INTO "trial_user_attributes" VALUES(35,15,'round','19');
INSERT INTO "trial_user_attributes" VALUES(36,15,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(37,16,'seconds','16.085');
INSERT INTO "trial_user_attributes" VALUES(38,17,'seconds','15.526');
INSERT INTO "trial_user_attributes" VALUES(39,18,'seconds','152.47');
INSERT INTO "trial_user_attributes" VALUES(40,19,'seconds','181.595');
INSERT INTO "trial_user_attributes" VALUES(41,19,'val_loss','0.21251605319976807');
INSERT INTO "trial_user_attributes" VALUES(42,19,'round','16');
INSERT INTO "trial_user_attributes" VALUES(43,19,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(44,20,'seconds','57.448');
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
INSERT INTO "trial_values" VALUES(1,1,0,9.02000000000000135003e-01,'FINITE');
INSERT INTO "trial_values" VALUES(2,2,0,0.612,'FINITE');
INSERT INTO "trial_values" VALUES(3,3,0,0.396,'FINITE');
INSERT INTO "trial_values" VALUES(4,4,0,4.76000000000000089706e-01,'FINITE');
INSERT INTO "trial_values" VALUES(5,5,0,0.737,'FINITE');
INSERT INTO "trial_values" VALUES(6,6,0,4.92000000000000103916e-01,'FINITE');
INSERT INTO "trial_values" VALUES(7,7,0,4.30999999999999938715e-01,'FINITE');
INSERT INTO "trial_values" VALUES(8,8,0,4.08000000000000029309e-01,'FINITE');
INSERT INTO "trial_values" VALUES(9,9,0,0.932,'FINITE');
INSERT INTO "trial_values" VALUES(10,10,0,9.12000000000000143884e-01,'FINITE');
INSERT INTO "trial_values" VALUES(11,11,0,0.37,'FINITE');
INSERT INTO "trial_values" VALUES(12,12,0,0.732,'FINITE');
INSERT INTO "trial_values" VALUES(13,13,0,9.41000000000000058619e-01,'FINITE');
INSERT INTO "trial_values" VALUES(14,14,0,0.505,'FINITE');
INSERT INTO "trial_values" VALUES(15,15,0,9.41999999999999837463e-01,'FINITE');
INSERT INTO "trial_values" VALUES(16,16,0,4.34999999999999942268e-01,'FINITE');
INSERT INTO "trial_values" VALUES(17,17,0,4.82000000000000039523e-01,'FINITE');
INSERT INTO "trial_values" VALUES(18,18,0,9.27000000000000157207e-01,'FINITE');
INSERT INTO "trial_values" VALUES(19,19,0,9.33999999999999830357e-01,'FINITE');
INSERT INTO "trial_values" VALUES(20,20,0,5.28000000000000135891e-01,'FINITE');
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
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-27 03:11:36.945578','2026-11-27 03:14:30.892092');
INSERT INTO "trials" VALUES(2,1,1,'COMPLETE','2026-11-27 03:14:30.910517','2026-11-27 03:17:17.561738');
INSERT INTO "trials" VALUES(3,2,1,'PRUNED','2026-11-27 03:17:17.575520','2026-11-27 03:17:34.589759');
INSERT INTO "trials" VALUES(4,3,1,'PRUNED','2026-11-27 03:17:34.609473','2026-11-27 03:18:27.574723');
INSERT INTO "trials" VALUES(5,4,1,'COMPLETE','2026-11-27 03:18:27.607587','2026-11-27 03:21:15.338738');
INSERT INTO "trials" VALUES(6,5,1,'PRUNED','2026-11-27 03:21:15.356231','2026-11-27 03:22:07.263632');
INSERT INTO "trials" VALUES(7,6,1,'PRUNED','2026-11-27 03:22:07.273563','2026-11-27 03:22:23.784405');
INSERT INTO "trials" VALUES(8,7,1,'PRUNED','2026-11-27 03:22:23.798587','2026-11-27 03:22:39.883123');
INSERT INTO "trials" VALUES(9,8,1,'COMPLETE','2026-11-27 03:22:39.899222','2026-11-27 03:25:29.582374');
INSERT INTO "trials" VALUES(10,9,1,'COMPLETE','2026-11-27 03:25:29.594806','2026-11-27 03:28:16.384906');
INSERT INTO "trials" VALUES(11,10,1,'PRUNED','2026-11-27 03:28:16.401570','2026-11-27 03:29:07.091754');
INSERT INTO "trials" VALUES(12,11,1,'PRUNED','2026-11-27 03:29:07.109801','2026-11-27 03:29:55.690723');
INSERT INTO "trials" VALUES(13,12,1,'COMPLETE','2026-11-27 03:29:55.714454','2026-11-27 03:32:43.718204');
INSERT INTO "trials" VALUES(14,13,1,'PRUNED','2026-11-27 03:32:43.736669','2026-11-27 03:33:00.304995');
INSERT INTO "trials" VALUES(15,14,1,'COMPLETE','2026-11-27 03:33:00.326976','2026-11-27 03:35:44.164033');
INSERT INTO "trials" VALUES(16,15,1,'PRUNED','2026-11-27 03:35:44.177351','2026-11-27 03:36:00.327119');
INSERT INTO "trials" VALUES(17,16,1,'PRUNED','2026-11-27 03:36:00.351208','2026-11-27 03:36:15.967715');
INSERT INTO "trials" VALUES(18,17,1,'PRUNED','2026-11-27 03:36:15.986611','2026-11-27 03:38:48.547560');
INSERT INTO "trials" VALUES(19,18,1,'COMPLETE','2026-11-27 03:38:48.571394','2026-11-27 03:41:50.333489');
INSERT INTO "trials" VALUES(20,19,1,'PRUNED','2026-11-27 03:41:50.354419','2026-11-27 03:42:47.892225');
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
